import type { Enrollment } from '@app/contracts';
import { cohortMonthLabel, paymentTypeLabel } from '@app/domain';
import { Link } from '@remix-run/react';
import { dangerButtonClass } from './admin-dialog';

export function EnrollmentTable({ enrollments, deleteHref }: { enrollments: Enrollment[]; deleteHref: (id: string) => string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Student Name</th>
            <th scope="col" className="px-4 py-3 font-semibold">Email</th>
            <th scope="col" className="px-4 py-3 font-semibold">Training</th>
            <th scope="col" className="px-4 py-3 font-semibold">Cohort</th>
            <th scope="col" className="px-4 py-3 font-semibold">Payment Type</th>
            <th scope="col" className="px-4 py-3 font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {enrollments.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-8 text-center text-slate-500">
                No enrollments found
              </td>
            </tr>
          ) : (
            enrollments.map((enrollment) => (
              <tr key={enrollment.id}>
                <td className="px-4 py-3">{enrollment.studentName}</td>
                <td className="px-4 py-3">{enrollment.studentEmail}</td>
                <td className="px-4 py-3">{enrollment.trainingName}</td>
                <td className="px-4 py-3">{enrollment.cohortMonth ? cohortMonthLabel(enrollment.cohortMonth) : 'No Cohort'}</td>
                <td className="px-4 py-3">
                  {paymentTypeLabel(enrollment.paymentType)}
                  {enrollment.installmentsTotal ? (
                    <span className="ml-2 text-xs text-slate-600">
                      {enrollment.installmentsPaid} of {enrollment.installmentsTotal} paid
                    </span>
                  ) : null}
                  {enrollment.pastDue ? (
                    <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Past due</span>
                  ) : null}
                </td>
                <td className="flex gap-2 px-4 py-3">
                  {!enrollment.isManualEntry ? (
                    <Link
                      to={`/admin/enrollments/${enrollment.id}/mails`}
                      className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
                      aria-label={`Mails sent to ${enrollment.studentName}`}
                    >
                      Mails
                    </Link>
                  ) : null}
                  <Link
                    to={deleteHref(enrollment.id)}
                    preventScrollReset
                    className={dangerButtonClass}
                    aria-label={`Delete enrollment of ${enrollment.studentName}`}
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
  );
}
