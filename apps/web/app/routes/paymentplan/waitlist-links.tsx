import type { Cohort } from '@app/contracts';
import { cohortMonthLabel } from '@app/domain';
import { Link } from 'react-router';

/** A full cohort cannot be chosen; its waitlist is one link away (a plain link, so it works without JavaScript). */
export function WaitlistLinks({ cohorts }: { cohorts: Cohort[] }) {
  const full = cohorts.filter((cohort) => cohort.seatsLeft === 0);
  if (full.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-slate-600">
      {full.map((cohort, i) => (
        <span key={cohort.id}>
          {i > 0 ? ' · ' : ''}
          {cohortMonthLabel(cohort.cohortMonth)} is full:{' '}
          <Link to={`/waitlist/${cohort.id}`} className="text-teal-700 underline">
            join its waitlist
          </Link>
        </span>
      ))}
    </p>
  );
}
