import type { Cohort } from '@app/contracts';
import { cohortMonthLabel } from '@app/domain';
import { Link } from 'react-router';
import type { ToastData } from '~/lib/toast';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { dangerButtonClass } from '~/components/ui/form-styles';
import { AdminTable } from '~/components/admin/data-table';

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
      <AdminTable
        className="max-h-[60vh] overflow-y-auto"
        labels={['Training', 'Cohort', 'Created', 'Actions']}
        rows={cohorts}
        empty="No cohorts found"
        row={(cohort) => (
          <tr key={cohort.id}>
            <td className="px-3 py-2">{cohort.trainingName}</td>
            <td className="px-3 py-2">{cohortMonthLabel(cohort.cohortMonth)}</td>
            <td className="px-3 py-2">{createdFormat.format(new Date(cohort.createdAt))}</td>
            <td className="px-3 py-2">
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
        )}
      />
    </AdminDialog>
  );
}
