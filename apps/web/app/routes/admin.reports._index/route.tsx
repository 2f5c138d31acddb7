import { ROUTES, type BusinessReportName } from '@app/contracts';
import { cohortMonthLabel, formatCents } from '@app/domain';
import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { BarChart } from './bar-chart';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { adminApi } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Business Overview - Admin Panel' }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Evaluators never see money: adminApi answers the API's 403 with the staff pages' 403.
  return { overview: await adminApi(request, ROUTES.adminBusinessOverview) };
}

const cell = 'px-3 py-2';
const numeric = 'px-3 py-2 text-right tabular-nums';

function Report({
  id,
  title,
  csv,
  chart,
  children,
}: {
  id: string;
  title: string;
  csv: BusinessReportName;
  chart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mt-8" aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <a href={`/admin/reports/${csv}/csv`} className="text-sm text-teal-700 underline" download>
          Download CSV<span className="sr-only">: {title}</span>
        </a>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {chart ? <div className="rounded-lg border border-slate-200 bg-white p-3">{chart}</div> : null}
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">{children}</div>
      </div>
    </section>
  );
}

/** One column of a report table: its header and what each row shows in it (the first column heads the row). */
interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the row-heading cell (first column only). */
  className?: string;
}

/** A report's table: a row per item, the first column its heading, the others figures; 'Nothing yet.' when empty. */
function ReportTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  rowTestId,
}: {
  caption: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: [Column<Row>, ...Column<Row>[]];
  rowTestId?: string;
}) {
  const [first, ...figures] = columns;
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-left">
        <tr>
          {columns.map((column, i) => (
            <th key={column.header} scope="col" className={i === 0 ? cell : numeric}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500">
              Nothing yet.
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId}>
            <th scope="row" className={`${cell} text-left font-normal${first.className ? ` ${first.className}` : ''}`}>
              {first.cell(row)}
            </th>
            {figures.map((column) => (
              <td key={column.header} className={numeric}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const dollars = (cents: number) => formatCents(cents).replace(/\.\d\d$/, '');

/** Charged, refunded and net: the money columns of both 'collected' reports. */
function moneyColumns<Row extends { chargedCents: number; refundedCents: number; netCents: number }>(): Column<Row>[] {
  return [
    { header: 'Charged', cell: (row) => formatCents(row.chargedCents) },
    { header: 'Refunded', cell: (row) => formatCents(row.refundedCents) },
    { header: 'Net', cell: (row) => formatCents(row.netCents) },
  ];
}

export default function BusinessOverviewPage() {
  const { overview } = useLoaderData<typeof loader>();
  const thisMonth = overview.generatedAt.slice(0, 7);
  const monthTotal = overview.collectedByMonth.find((row) => row.month === thisMonth)?.netCents ?? 0;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Business Overview</h1>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Collected this month ({thisMonth}, net of refunds)</dt>
          <dd className="text-xl font-semibold" data-testid="month-total">
            {formatCents(monthTotal)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Outstanding on plans</dt>
          <dd className="text-xl font-semibold">{formatCents(overview.outstandingCents)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-600">Past due</dt>
          <dd className="text-xl font-semibold">{formatCents(overview.pastDueCents)}</dd>
        </div>
      </dl>

      <Report
        id="collected-month"
        title="Money collected by month"
        csv="collected-by-month"
        chart={
          <BarChart
            title="Money collected by month, net of refunds"
            data={overview.collectedByMonth.map((row) => ({ label: row.month, value: row.netCents }))}
            format={dollars}
          />
        }
      >
        <ReportTable
          caption="Money collected by month"
          rows={overview.collectedByMonth}
          rowKey={(row) => row.month}
          rowTestId="collected-month-row"
          columns={[{ header: 'Month', cell: (row) => row.month }, ...moneyColumns()]}
        />
      </Report>

      <Report id="collected-training" title="Money collected by training" csv="collected-by-training">
        <ReportTable
          caption="Money collected by training"
          rows={overview.collectedByTraining}
          rowKey={(row) => row.trainingName}
          columns={[{ header: 'Training', cell: (row) => row.trainingName }, ...moneyColumns()]}
        />
      </Report>

      <Report
        id="scheduled"
        title="Money scheduled (future installments)"
        csv="scheduled-by-month"
        chart={
          <BarChart
            title="Future installments by month"
            data={overview.scheduledByMonth.map((row) => ({ label: row.month, value: row.cents }))}
            format={dollars}
          />
        }
      >
        <ReportTable
          caption="Future installments by month"
          rows={overview.scheduledByMonth}
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', cell: (row) => row.month },
            { header: 'Installments', cell: (row) => row.installments },
            { header: 'Amount', cell: (row) => formatCents(row.cents) },
          ]}
        />
      </Report>

      <Report id="past-due" title="Past-due plans" csv="past-due">
        <ReportTable
          caption="Past-due plans"
          rows={overview.pastDue}
          rowKey={(row) => row.paymentId}
          columns={[
            {
              header: 'Student',
              cell: (row) =>
                row.enrollmentId ? (
                  <Link to={`/admin/panel/enrollments/${row.enrollmentId}`} className="text-teal-700 underline">
                    {row.studentName ?? 'Unnamed'}
                  </Link>
                ) : (
                  (row.studentName ?? 'Unnamed')
                ),
            },
            { header: 'Trainings', cell: (row) => row.trainings },
            { header: 'Paid', cell: (row) => `${row.installmentsPaid} of ${row.installmentsTotal}` },
            { header: 'Balance', cell: (row) => formatCents(row.balanceCents) },
            { header: 'Past due since', cell: (row) => row.dueSince?.slice(0, 10) ?? '—' },
          ]}
        />
      </Report>

      <Report
        id="cohort-fill"
        title="Cohort fill (upcoming cohorts)"
        csv="cohort-fill"
        chart={
          <BarChart
            title="Seats taken of capacity, upcoming cohorts"
            data={overview.cohortFill.map((row) => ({
              label: `${row.trainingName.split(' ')[0]} ${row.cohortMonth.slice(2)}`,
              value: row.seatsTaken,
              behind: row.capacity,
            }))}
            format={(value) => String(value)}
          />
        }
      >
        <ReportTable
          caption="Cohort fill"
          rows={overview.cohortFill}
          rowKey={(row) => row.cohortId}
          columns={[
            { header: 'Cohort', cell: (row) => `${row.trainingName}, ${cohortMonthLabel(row.cohortMonth)}` },
            { header: 'Seats taken', cell: (row) => row.seatsTaken },
            { header: 'Capacity', cell: (row) => row.capacity ?? 'No limit' },
            { header: 'Waitlist', cell: (row) => row.waitlist },
          ]}
        />
      </Report>

      <Report id="checkouts" title="Checkouts started and paid" csv="checkouts">
        <ReportTable
          caption="Checkouts started and paid by month"
          rows={overview.checkouts}
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', cell: (row) => row.month },
            { header: 'Started', cell: (row) => row.started },
            { header: 'Paid', cell: (row) => row.paid },
          ]}
        />
      </Report>

      <Report id="promotion-use" title="Promotion code use" csv="promotion-codes">
        <ReportTable
          caption="Promotion code use"
          rows={overview.promotionCodes}
          rowKey={(row) => row.code}
          columns={[
            { header: 'Code', cell: (row) => row.code, className: 'font-mono' },
            { header: 'Paid uses', cell: (row) => row.uses },
            { header: 'Discount given', cell: (row) => formatCents(row.discountCents) },
            { header: 'Charged', cell: (row) => formatCents(row.chargedCents) },
          ]}
        />
      </Report>
      <p className="mt-6 text-xs text-slate-500">
        Months are UTC. Collected: card charges (each installment when it was charged) and amounts of manual
        enrollments, less refunds when they were made. Figures as of{' '}
        {overview.generatedAt.replace('T', ' ').slice(0, 16)} UTC.
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
