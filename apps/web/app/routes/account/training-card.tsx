import type { AccountTraining, ReceiptSummary } from '@app/contracts';
import { formatCents, formatLongDateUtc } from '@app/domain';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';

const day = (iso: string) => formatLongDateUtc(new Date(iso));

function ReceiptLinks({ receipt }: { receipt: ReceiptSummary }) {
  const label = receipt.kind === 'credit-note' ? 'Credit note' : 'Receipt';
  return (
    <span className="whitespace-nowrap">
      <Link to={`/account/receipts/${receipt.id}`} className="text-teal-800 underline">
        {label} {receipt.number}
      </Link>{' '}
      (
      <a href={`/account/receipts/${receipt.id}/pdf`} className="text-teal-800 underline" download>
        PDF<span className="sr-only"> of {receipt.number}</span>
      </a>
      )
    </span>
  );
}

/** A table of a plan's charges, one row per installment; nothing at all when there are none. */
function ChargesTable<Charge extends { number: number }>({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: Charge[];
  columns: { header: string; cell: (charge: Charge) => ReactNode }[];
}) {
  if (rows.length === 0) return null;
  const cellClass = (i: number) => (i < columns.length - 1 ? 'py-1 pr-3' : 'py-1');
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {columns.map((column, i) => (
              <th key={column.header} scope="col" className={`${cellClass(i)} font-medium`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((charge) => (
            <tr key={charge.number} className="border-b border-slate-100">
              {columns.map((column, i) => (
                <td key={column.header} className={cellClass(i)}>
                  {column.cell(charge)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One enrollment of the account: what it is, where its money stands, and what the trainee can do about it. */
export function TrainingCard({ training }: { training: AccountTraining }) {
  const headingId = `training-${training.enrollmentId}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={headingId} className="text-lg font-semibold">
        {training.trainingName}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Cohort</dt>
        <dd>{training.cohortLabel ?? 'No cohort chosen'}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>{training.billingStatusLabel}</dd>
        <dt className="text-slate-600">Payment</dt>
        <dd>
          {training.planLabel}
          {training.progressLabel ? `: ${training.progressLabel}` : ''}
        </dd>
        <dt className="text-slate-600">Paid</dt>
        <dd>{formatCents(training.paidCents)}</dd>
        <dt className="text-slate-600">Balance</dt>
        <dd>{formatCents(training.balanceCents)}</dd>
        {training.nextChargeAt && (
          <>
            <dt className="text-slate-600">Next charge</dt>
            <dd>{day(training.nextChargeAt)}</dd>
          </>
        )}
      </dl>

      <ChargesTable
        caption="Past charges"
        rows={training.pastCharges}
        columns={[
          { header: 'Date', cell: (charge) => day(charge.chargedAt) },
          { header: 'Amount', cell: (charge) => formatCents(charge.amountCents) },
          { header: 'Card', cell: (charge) => (charge.cardLast4 ? `•••• ${charge.cardLast4}` : 'Not stored') },
          {
            header: 'Receipt',
            cell: (charge) => (charge.receipt ? <ReceiptLinks receipt={charge.receipt} /> : 'None'),
          },
        ]}
      />

      <ChargesTable
        caption="Upcoming charges"
        rows={training.upcomingCharges}
        columns={[
          { header: 'Installment', cell: (charge) => charge.number },
          {
            header: 'Date',
            cell: (charge) =>
              day(charge.dueAt) +
              (training.billingStatus === 'past_due' && charge.number === training.upcomingCharges[0].number
                ? ' (past due: charged when you update your card)'
                : ''),
          },
          { header: 'Amount', cell: (charge) => formatCents(charge.amountCents) },
        ]}
      />

      {training.creditNotes.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm">
          {training.creditNotes.map((note) => (
            <li key={note.id}>
              Refund of {formatCents(note.amountCents)} on {day(note.issuedAt)}: <ReceiptLinks receipt={note} />
            </li>
          ))}
        </ul>
      )}

      {(training.canUpdateCard || training.canCancel) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {training.canUpdateCard && (
            <Form method="post">
              <input type="hidden" name="intent" value="update-card" />
              <input type="hidden" name="enrollmentId" value={training.enrollmentId} />
              <button
                type="submit"
                className="rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2"
              >
                Update card<span className="sr-only"> for {training.trainingName}</span>
              </button>
            </Form>
          )}
          {training.canCancel && (
            <Link
              to={`/account/enrollments/${training.enrollmentId}/cancel`}
              className="rounded-md border border-red-700 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600"
            >
              Cancel plan<span className="sr-only"> for {training.trainingName}</span>
            </Link>
          )}
        </div>
      )}
    </article>
  );
}
