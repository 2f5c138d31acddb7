import type { EnrollmentRow, EnrollmentSortKey } from '@app/contracts';
import { billingStatusLabel, cohortMonthLabel, formatCents, paymentTypeLabel } from '@app/domain';
import { Link } from 'react-router';
import { dangerButtonClass } from '~/components/ui/form-styles';
import { useLinkNavigation } from '~/lib/use-link-navigation';
import { AdminTable, HeaderCells } from './data-table';

const STATUS_CLASSES: Record<EnrollmentRow['billingStatus'], string> = {
  active: 'bg-sky-100 text-sky-800',
  past_due: 'bg-amber-100 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-slate-200 text-slate-700',
  refunded: 'bg-rose-100 text-rose-800',
};

/** What the table shows of an enrollment: all the panel's loader sends of each row for hydration (issue 28). */
export type EnrollmentTableEntry = Pick<
  EnrollmentRow,
  | 'id'
  | 'studentName'
  | 'studentEmail'
  | 'trainingName'
  | 'cohortMonth'
  | 'paymentType'
  | 'paidCents'
  | 'promotionCode'
  | 'discountCents'
  | 'progressLabel'
  | 'balanceCents'
  | 'nextChargeAt'
  | 'billingStatus'
  | 'isManualEntry'
>;

export function toTableEntry(row: EnrollmentRow): EnrollmentTableEntry {
  return {
    id: row.id,
    studentName: row.studentName,
    studentEmail: row.studentEmail,
    trainingName: row.trainingName,
    cohortMonth: row.cohortMonth,
    paymentType: row.paymentType,
    paidCents: row.paidCents,
    promotionCode: row.promotionCode,
    discountCents: row.discountCents,
    progressLabel: row.progressLabel,
    balanceCents: row.balanceCents,
    nextChargeAt: row.nextChargeAt,
    billingStatus: row.billingStatus,
    isManualEntry: row.isManualEntry,
  };
}

export interface TableSorting {
  sort: EnrollmentSortKey | '';
  direction: 'asc' | 'desc' | '';
  /** The panel URL sorted by this key (toggling the direction when it already is). */
  href: (key: EnrollmentSortKey) => string;
}

function SortHeader({ label, sortKey, sorting }: { label: string; sortKey: EnrollmentSortKey; sorting: TableSorting }) {
  const active = (sorting.sort || 'createdAt') === sortKey;
  const direction = sorting.direction || (sortKey === 'createdAt' ? 'desc' : 'asc');
  return (
    <th
      scope="col"
      className="px-4 py-3 font-semibold"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={sorting.href(sortKey)} preventScrollReset className="hover:underline">
        {label}
        {active ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </Link>
    </th>
  );
}

/**
 * The spec's columns, then the money of each enrollment; a name opens its detail view. The rows' links are plain
 * anchors with one shared click handler each kind (useLinkNavigation), not a `<Link>` each: the same links and
 * in-browser navigation, without 150 Links' path resolving in the server render.
 */
export function EnrollmentTable({
  enrollments,
  deleteHref,
  detailHref,
  sorting,
}: {
  enrollments: EnrollmentTableEntry[];
  deleteHref: (id: string) => string;
  detailHref: (id: string) => string;
  sorting: TableSorting;
}) {
  const follow = useLinkNavigation();
  const followKeepingScroll = useLinkNavigation({ preventScrollReset: true });
  return (
    <AdminTable
      columnCount={11}
      header={
        <>
          <SortHeader label="Student Name" sortKey="studentName" sorting={sorting} />
          <SortHeader label="Email" sortKey="studentEmail" sorting={sorting} />
          <SortHeader label="Training" sortKey="trainingName" sorting={sorting} />
          <HeaderCells className="px-4 py-3 font-semibold" labels={['Cohort', 'Payment Type']} />
          <SortHeader label="Paid" sortKey="paymentAmount" sorting={sorting} />
          <HeaderCells
            className="px-4 py-3 font-semibold"
            labels={['Plan', 'Balance', 'Next Charge', 'Status', 'Actions']}
          />
        </>
      }
      rows={enrollments}
      empty="No enrollments found"
      row={(enrollment) => (
        <tr key={enrollment.id}>
          <td className="px-4 py-3">
            <a
              href={detailHref(enrollment.id)}
              onClick={follow}
              data-discover="true"
              className="text-teal-700 underline"
            >
              {enrollment.studentName}
            </a>
          </td>
          <td className="px-4 py-3">{enrollment.studentEmail}</td>
          <td className="px-4 py-3">{enrollment.trainingName}</td>
          <td className="px-4 py-3">
            {enrollment.cohortMonth ? cohortMonthLabel(enrollment.cohortMonth) : 'No Cohort'}
          </td>
          <td className="px-4 py-3">{paymentTypeLabel(enrollment.paymentType)}</td>
          <td className="px-4 py-3 tabular-nums">
            {formatCents(enrollment.paidCents)}
            {enrollment.promotionCode ? (
              <span className="block text-xs text-slate-500">
                Code {enrollment.promotionCode} (−{formatCents(enrollment.discountCents)})
              </span>
            ) : null}
          </td>
          <td className="px-4 py-3">{enrollment.progressLabel ?? '—'}</td>
          <td className="px-4 py-3 tabular-nums">{formatCents(enrollment.balanceCents)}</td>
          <td className="px-4 py-3">{enrollment.nextChargeAt ? enrollment.nextChargeAt.slice(0, 10) : '—'}</td>
          <td className="px-4 py-3">
            <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[enrollment.billingStatus]}`}>
              {billingStatusLabel(enrollment.billingStatus)}
            </span>
          </td>
          <td className="flex gap-2 px-4 py-3">
            {!enrollment.isManualEntry ? (
              <a
                href={`/admin/enrollments/${enrollment.id}/mails`}
                onClick={follow}
                data-discover="true"
                className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
                aria-label={`Mails sent to ${enrollment.studentName}`}
              >
                Mails
              </a>
            ) : null}
            <a
              href={deleteHref(enrollment.id)}
              onClick={followKeepingScroll}
              data-discover="true"
              className={dangerButtonClass}
              aria-label={`Delete enrollment of ${enrollment.studentName}`}
            >
              Delete
            </a>
          </td>
        </tr>
      )}
    />
  );
}

/** Page links that work without JavaScript: plain hrefs carrying every filter. */
export function Pagination({
  page,
  pageCount,
  total,
  href,
  noun = 'enrollment(s)',
}: {
  page: number;
  pageCount: number;
  total: number;
  href: (page: number) => string;
  /** What is counted: the panel's enrollments, the audit trail's events. */
  noun?: string;
}) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <span>
        {total} {noun} · page {page} of {pageCount}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link
            to={href(page - 1)}
            preventScrollReset
            className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-50"
            rel="prev"
          >
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link
            to={href(page + 1)}
            preventScrollReset
            className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-50"
            rel="next"
          >
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
