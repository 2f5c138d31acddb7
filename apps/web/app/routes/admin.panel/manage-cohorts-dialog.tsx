import type { Cohort } from '@app/contracts';
import { cohortMonthLabel } from '@app/domain';
import { Link } from 'react-router';
import type { ToastData } from '~/lib/toast';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { dangerButtonClass } from '~/components/ui/form-styles';
import { HeaderCells, EmptyRow } from '~/components/admin/data-table';

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function ManageCohortsDialog({
  closeTo,
  cohorts,
  deleteHref,
  notice,
}: {
  closeTo: string;
  notice?: ToastData | null;
  cohorts: Cohort[];
  deleteHref: (id: string) => string;
}) {
  return (
    <AdminDialog title="Manage Cohorts" closeTo={closeTo} notice={notice}>
      <div className="max-h-[60vh] overflow-y-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="text-left text-slate-700">
            <tr>
              <HeaderCells className="py-2 pr-4 font-semibold" labels={['Training', 'Cohort', 'Created']} />
              <th scope="col" className="py-2 font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {cohorts.length === 0 ? (
              <EmptyRow colSpan={4} className="py-6 text-center text-slate-500">
                No cohorts found
              </EmptyRow>
            ) : (
              cohorts.map((cohort) => (
                <tr key={cohort.id}>
                  <td className="py-2 pr-4">{cohort.trainingName}</td>
                  <td className="py-2 pr-4">{cohortMonthLabel(cohort.cohortMonth)}</td>
                  <td className="py-2 pr-4">{createdFormat.format(new Date(cohort.createdAt))}</td>
                  <td className="py-2">
                    <Link
                      to={deleteHref(cohort.id)}
                      preventScrollReset
                      className={dangerButtonClass}
                      aria-label={`Delete cohort ${cohort.trainingName} ${cohortMonthLabel(cohort.cohortMonth)}`}
                    >
                      Delete
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </AdminDialog>
  );
}
