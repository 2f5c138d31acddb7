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

function Table({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-left">
        <tr>
          {headers.map((header, i) => (
            <th key={header} scope="col" className={i === 0 ? cell : numeric}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}

function Empty({ columns }: { columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-4 text-center text-slate-500">
        Nothing yet.
      </td>
    </tr>
  );
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
            format={(cents) => formatCents(cents).replace(/\.\d\d$/, '')}
          />
        }
      >
        <Table caption="Money collected by month" headers={['Month', 'Charged', 'Refunded', 'Net']}>
          {overview.collectedByMonth.length === 0 ? <Empty columns={4} /> : null}
          {overview.collectedByMonth.map((row) => (
            <tr key={row.month} data-testid="collected-month-row">
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.month}
              </th>
              <td className={numeric}>{formatCents(row.chargedCents)}</td>
              <td className={numeric}>{formatCents(row.refundedCents)}</td>
              <td className={numeric}>{formatCents(row.netCents)}</td>
            </tr>
          ))}
        </Table>
      </Report>

      <Report id="collected-training" title="Money collected by training" csv="collected-by-training">
        <Table caption="Money collected by training" headers={['Training', 'Charged', 'Refunded', 'Net']}>
          {overview.collectedByTraining.length === 0 ? <Empty columns={4} /> : null}
          {overview.collectedByTraining.map((row) => (
            <tr key={row.trainingName}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.trainingName}
              </th>
              <td className={numeric}>{formatCents(row.chargedCents)}</td>
              <td className={numeric}>{formatCents(row.refundedCents)}</td>
              <td className={numeric}>{formatCents(row.netCents)}</td>
            </tr>
          ))}
        </Table>
      </Report>

      <Report
        id="scheduled"
        title="Money scheduled (future installments)"
        csv="scheduled-by-month"
        chart={
          <BarChart
            title="Future installments by month"
            data={overview.scheduledByMonth.map((row) => ({ label: row.month, value: row.cents }))}
            format={(cents) => formatCents(cents).replace(/\.\d\d$/, '')}
          />
        }
      >
        <Table caption="Future installments by month" headers={['Month', 'Installments', 'Amount']}>
          {overview.scheduledByMonth.length === 0 ? <Empty columns={3} /> : null}
          {overview.scheduledByMonth.map((row) => (
            <tr key={row.month}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.month}
              </th>
              <td className={numeric}>{row.installments}</td>
              <td className={numeric}>{formatCents(row.cents)}</td>
            </tr>
          ))}
        </Table>
      </Report>

      <Report id="past-due" title="Past-due plans" csv="past-due">
        <Table caption="Past-due plans" headers={['Student', 'Trainings', 'Paid', 'Balance', 'Past due since']}>
          {overview.pastDue.length === 0 ? <Empty columns={5} /> : null}
          {overview.pastDue.map((row) => (
            <tr key={row.paymentId}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.enrollmentId ? (
                  <Link to={`/admin/panel/enrollments/${row.enrollmentId}`} className="text-teal-700 underline">
                    {row.studentName ?? 'Unnamed'}
                  </Link>
                ) : (
                  (row.studentName ?? 'Unnamed')
                )}
              </th>
              <td className={numeric}>{row.trainings}</td>
              <td className={numeric}>
                {row.installmentsPaid} of {row.installmentsTotal}
              </td>
              <td className={numeric}>{formatCents(row.balanceCents)}</td>
              <td className={numeric}>{row.dueSince?.slice(0, 10) ?? '—'}</td>
            </tr>
          ))}
        </Table>
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
        <Table caption="Cohort fill" headers={['Cohort', 'Seats taken', 'Capacity', 'Waitlist']}>
          {overview.cohortFill.length === 0 ? <Empty columns={4} /> : null}
          {overview.cohortFill.map((row) => (
            <tr key={row.cohortId}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.trainingName}, {cohortMonthLabel(row.cohortMonth)}
              </th>
              <td className={numeric}>{row.seatsTaken}</td>
              <td className={numeric}>{row.capacity ?? 'No limit'}</td>
              <td className={numeric}>{row.waitlist}</td>
            </tr>
          ))}
        </Table>
      </Report>

      <Report id="checkouts" title="Checkouts started and paid" csv="checkouts">
        <Table caption="Checkouts started and paid by month" headers={['Month', 'Started', 'Paid']}>
          {overview.checkouts.length === 0 ? <Empty columns={3} /> : null}
          {overview.checkouts.map((row) => (
            <tr key={row.month}>
              <th scope="row" className={`${cell} text-left font-normal`}>
                {row.month}
              </th>
              <td className={numeric}>{row.started}</td>
              <td className={numeric}>{row.paid}</td>
            </tr>
          ))}
        </Table>
      </Report>

      <Report id="promotion-use" title="Promotion code use" csv="promotion-codes">
        <Table caption="Promotion code use" headers={['Code', 'Paid uses', 'Discount given', 'Charged']}>
          {overview.promotionCodes.length === 0 ? <Empty columns={4} /> : null}
          {overview.promotionCodes.map((row) => (
            <tr key={row.code}>
              <th scope="row" className={`${cell} text-left font-mono font-normal`}>
                {row.code}
              </th>
              <td className={numeric}>{row.uses}</td>
              <td className={numeric}>{formatCents(row.discountCents)}</td>
              <td className={numeric}>{formatCents(row.chargedCents)}</td>
            </tr>
          ))}
        </Table>
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
