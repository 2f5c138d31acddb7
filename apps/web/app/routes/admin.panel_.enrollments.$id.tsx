import { ROUTES, ENROLLMENT_STATUSES, type Cohort } from '@app/contracts';
import {
  billingRestartProblem,
  billingStatusLabel,
  cohortMonthLabel,
  completionFromForm,
  enrollmentEditFromForm,
  enrollmentRefundFromForm,
  formatCents,
  parseCompletionForm,
  parseEnrollmentEditForm,
  parseEnrollmentMoveForm,
  parseEnrollmentRefundForm,
  paymentTypeLabel,
  type PlanState,
} from '@app/domain';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { buttonClass, dangerButtonClass, inputClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import {
  adminApi,
  adminRecord,
  newToast,
  redirectWithToast,
  dataWithToast,
  type FlashToast,
} from '~/lib/session.server';
import { LabeledField } from '~/components/admin/form-field';
import { CompletionFields } from '~/components/admin/completion-fields';
import { BackLink } from '~/components/back-link';
import { apiFieldErrors, formText, formValues, isUuid, parseForm } from '~/lib/forms.server';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';

export const meta: MetaFunction = () => [{ title: 'Enrollment - Admin Panel' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  if (!isUuid(id)) throw new Response('Enrollment not found', { status: 404 });
  const detail = await adminRecord(request, ROUTES.adminEnrollment, { params: { id } });
  const cohorts = await adminApi(request, ROUTES.adminCohorts, {
    query: { trainingName: detail.enrollment.trainingName },
  });
  const receipts = await adminApi(request, ROUTES.adminPaymentReceipts, { params: { id } });
  const certificates = await adminApi(request, ROUTES.adminEnrollmentCertificates, { params: { id } });
  return dataWithToast(request, {
    detail,
    cohorts,
    receipts,
    certificates,
    today: new Date().toISOString().slice(0, 10),
  });
}

interface ActionData {
  toast: FlashToast;
  fieldErrors?: Record<string, string | undefined>;
  /** The submitted form as typed (its `intent` says which form), so a refused form keeps its values without JS. */
  values?: Record<string, string>;
}

/** A form refused by its rule: the first message of each field beside it, the route's toast, the values as typed. */
function refused(title: string, fieldErrors: Record<string, string | undefined>, values: Record<string, string>) {
  const first = Object.values(fieldErrors).find(Boolean) ?? 'Check the highlighted fields';
  return data<ActionData>({ toast: newToast('error', title, first), fieldErrors, values }, { status: 400 });
}

/** An API refusal: its field errors under this page's field names (`rename`), the API's message in the toast. */
function failed(
  title: string,
  error: unknown,
  values: Record<string, string> = {},
  rename: Record<string, string> = {},
) {
  if (!(error instanceof ApiError)) throw error;
  const fieldErrors = Object.fromEntries(
    Object.entries(apiFieldErrors(error)).map(([key, message]) => [rename[key] ?? key, message]),
  );
  return data<ActionData>(
    { toast: newToast('error', title, error.text), fieldErrors, values },
    { status: error.status === 409 ? 409 : 400 },
  );
}

/** Edit, move, refund and restart billing, told apart by the intent field; each ends in a redirect with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  if (!isUuid(id)) throw new Response('Enrollment not found', { status: 404 });
  const form = await request.formData();
  const here = `/admin/panel/enrollments/${id}`;
  switch (formText(form, 'intent')) {
    case 'edit': {
      const parsed = parseForm(form, (v) => parseEnrollmentEditForm(enrollmentEditFromForm(v)));
      if (!parsed.ok) return refused('Failed to update enrollment', parsed.fieldErrors, parsed.values);
      try {
        await adminApi(request, ROUTES.adminUpdateEnrollment, { params: { id }, body: parsed.value });
      } catch (error) {
        return failed('Failed to update enrollment', error, formValues(form));
      }
      return redirectWithToast(request, here, newToast('success', 'Enrollment updated successfully'));
    }
    case 'move': {
      const parsed = parseForm(form, (v) => parseEnrollmentMoveForm({ cohortId: v.cohortId }));
      if (!parsed.ok) {
        return refused('Failed to move student', { moveCohortId: parsed.fieldErrors.cohortId }, parsed.values);
      }
      try {
        await adminApi(request, ROUTES.adminMoveEnrollment, { params: { id }, body: parsed.value });
      } catch (error) {
        return failed('Failed to move student', error, formValues(form), { cohortId: 'moveCohortId' });
      }
      return redirectWithToast(request, here, newToast('success', 'Student moved successfully'));
    }
    case 'refund': {
      const parsed = parseForm(form, (v) => parseEnrollmentRefundForm(enrollmentRefundFromForm(v)));
      if (!parsed.ok) {
        const { amountCents: amount, reason } = parsed.fieldErrors;
        return refused('Failed to refund', { amount, reason }, parsed.values);
      }
      try {
        await adminApi(request, ROUTES.adminRefundEnrollment, { params: { id }, body: parsed.value });
      } catch (error) {
        return failed('Failed to refund', error, formValues(form), { amountCents: 'amount' });
      }
      return redirectWithToast(request, here, newToast('success', 'Refund made successfully'));
    }
    case 'restart-billing': {
      try {
        await adminApi(request, ROUTES.adminRestartBilling, { params: { id } });
      } catch (error) {
        return failed('Failed to restart billing', error);
      }
      return redirectWithToast(request, here, newToast('success', 'Billing restarted'));
    }
    case 'complete': {
      const parsed = parseForm(form, (v) => parseCompletionForm(completionFromForm(v)));
      if (!parsed.ok) return refused('Failed to complete', parsed.fieldErrors, parsed.values);
      try {
        await adminApi(request, ROUTES.adminCompleteEnrollments, { body: { enrollmentIds: [id], ...parsed.value } });
      } catch (error) {
        return failed('Failed to complete', error, formValues(form));
      }
      return redirectWithToast(request, here, newToast('success', 'Completed; the certificate is issued and mailed'));
    }
    case 'revoke': {
      try {
        await adminApi(request, ROUTES.adminRevokeCertificate, {
          params: { id: formText(form, 'certificateId') },
          body: { reason: formText(form, 'reason').trim() },
        });
      } catch (error) {
        return failed('Failed to revoke', error);
      }
      return redirectWithToast(request, here, newToast('success', 'Certificate revoked'));
    }
    default:
      return data<ActionData>({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
}

function Money({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export default function EnrollmentDetailPage() {
  const { detail, cohorts, receipts, certificates, today, toast } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const { enrollment, payment } = detail;
  const errors = result?.fieldErrors ?? {};
  // What a refused form sent, for that form only (each form posts its `intent`).
  const typed = (intent: string) => (result?.values?.intent === intent ? result.values : undefined);
  const edit = typed('edit');
  const refund = typed('refund');
  const editErrors = edit ? errors : {};
  const moveErrors = typed('move') ? errors : {};
  const refundErrors = refund ? errors : {};
  const complete = typed('complete');
  const restartProblem = payment
    ? billingRestartProblem({
        planStatus: payment.planStatus as PlanState,
        enrollmentStatus: enrollment.enrollmentStatus,
        installmentsPaid: payment.installmentsPaid,
        installmentsTotal: payment.installmentsTotal,
      })
    : null;
  const otherCohorts = cohorts.filter((c) => c.id !== enrollment.cohortId);
  const cohortText = (c: Cohort) =>
    `${cohortMonthLabel(c.cohortMonth)}${c.seatsLeft === null ? '' : c.seatsLeft === 0 ? ' (full)' : ` (${c.seatsLeft} seats left)`}`;

  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">{enrollment.studentName}</h1>
      <p className="text-slate-600">
        {enrollment.studentEmail} · {enrollment.trainingName} ·{' '}
        {enrollment.cohortMonth ? cohortMonthLabel(enrollment.cohortMonth) : 'No Cohort'} ·{' '}
        {paymentTypeLabel(enrollment.paymentType)} · {enrollment.isManualEntry ? 'Added by hand' : 'Paid online'}
      </p>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Money label="Status" value={billingStatusLabel(enrollment.billingStatus)} />
        <Money label="Paid" value={formatCents(enrollment.paidCents)} />
        <Money label="Plan" value={enrollment.progressLabel ?? '—'} />
        <Money label="Balance" value={formatCents(enrollment.balanceCents)} />
        <Money label="Next charge" value={enrollment.nextChargeAt ? enrollment.nextChargeAt.slice(0, 10) : '—'} />
        <Money label="Refunded" value={formatCents(enrollment.refundedCents)} />
      </dl>

      <section className="mt-8" aria-labelledby="certificates-heading">
        <h2 id="certificates-heading" className="text-lg font-semibold">
          Completion and certificate
        </h2>
        {certificates.map((c) => (
          <div key={c.id} className="mt-2 rounded border border-slate-200 p-3 text-sm">
            <p>
              <strong>{c.certificateNumber}</strong> · completed {c.awardedOn} · {c.contactHours} contact hours
              {c.revokedAt ? ` · revoked: ${c.revocationReason ?? ''}` : ''}
            </p>
            <p className="mt-1 flex flex-wrap gap-4">
              <a className="text-teal-700 underline" href={`/certificates/${c.id}/pdf`} download>
                PDF
              </a>
              <a className="text-teal-700 underline" href={`/certificates/${c.id}/json`} download>
                Signed JSON
              </a>
              <a className="text-teal-700 underline" href={c.verifyPath}>
                Verification page
              </a>
            </p>
            {c.revokedAt ? null : (
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="certificateId" value={c.id} />
                <LabeledField id={`reason-${c.id}`} label="Reason for revoking">
                  <input id={`reason-${c.id}`} name="reason" required minLength={3} className={inputClass} />
                </LabeledField>
                <button type="submit" className={dangerButtonClass}>
                  Revoke certificate
                </button>
              </Form>
            )}
          </div>
        ))}
        {enrollment.enrollmentStatus === 'active' && certificates.length === 0 ? (
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="complete" />
            <CompletionFields
              today={today}
              errors={complete ? errors : undefined}
              completedOn={complete?.completedOn}
              unpaidLabel={
                enrollment.balanceCents > 0
                  ? `Complete despite the unpaid balance of ${formatCents(enrollment.balanceCents)} (audited)`
                  : null
              }
            />
            <button type="submit" className={secondaryButtonClass}>
              Mark completed and issue the certificate
            </button>
          </Form>
        ) : null}
        {enrollment.enrollmentStatus !== 'active' && certificates.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No certificate.</p>
        ) : null}
      </section>

      <section className="mt-8" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="text-lg font-semibold">
          Payments
        </h2>
        {payment ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Payment intent <code>{payment.providerPaymentId}</code>
              {payment.providerCustomerId ? (
                <>
                  {' '}
                  · customer <code>{payment.providerCustomerId}</code>
                </>
              ) : null}{' '}
              · {payment.provider === 'test' ? 'test mode' : 'Stripe'}
            </p>
            {payment.promotionCode ? (
              <p className="mt-1 text-sm" data-testid="payment-promotion">
                Promotion code <strong>{payment.promotionCode}</strong>: {formatCents(payment.discountCents)} off the
                purchase
              </p>
            ) : null}
            <table className="mt-3 min-w-full divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th className="px-3 py-2">Installment</th>
                  <th className="px-3 py-2">Date</th>
                  <th className="px-3 py-2">Amount</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Stripe id</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {payment.charges.map((charge) => (
                  <tr key={`c${charge.installmentNumber}`}>
                    <td className="px-3 py-2">
                      {charge.installmentNumber} of {payment.installmentsTotal}
                    </td>
                    <td className="px-3 py-2">{charge.chargedAt.slice(0, 10)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatCents(charge.amountCents)}</td>
                    <td className="px-3 py-2">
                      {charge.status}
                      {charge.failureMessage ? ` (${charge.failureMessage})` : ''}
                    </td>
                    <td className="px-3 py-2">
                      <code>{charge.providerPaymentId ?? '—'}</code>
                    </td>
                  </tr>
                ))}
                {payment.upcoming.map((due) => (
                  <tr key={`u${due.installmentNumber}`} className="text-slate-500">
                    <td className="px-3 py-2">
                      {due.installmentNumber} of {payment.installmentsTotal}
                    </td>
                    <td className="px-3 py-2">{due.dueAt.slice(0, 10)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatCents(due.amountCents)}</td>
                    <td className="px-3 py-2">scheduled</td>
                    <td className="px-3 py-2">—</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {payment.refunds.length > 0 ? (
              <>
                <h3 className="mt-4 font-semibold">Refunds</h3>
                <ul className="mt-1 list-disc pl-6 text-sm">
                  {payment.refunds.map((refund) => (
                    <li key={refund.providerRefundId}>
                      {refund.createdAt.slice(0, 10)}: {formatCents(refund.amountCents)} of{' '}
                      <code>{refund.providerPaymentId}</code> (<code>{refund.providerRefundId}</code>)
                      {refund.reason ? ` – ${refund.reason}` : ''}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {receipts.length > 0 ? (
              <>
                <h3 className="mt-4 font-semibold">Receipts</h3>
                <ul className="mt-1 list-disc pl-6 text-sm">
                  {receipts.map((receipt) => (
                    <li key={receipt.id}>
                      {receipt.issuedAt.slice(0, 10)}: {receipt.kind === 'credit-note' ? 'Credit note' : 'Receipt'}{' '}
                      {receipt.number}, {formatCents(receipt.amountCents)} (
                      <a href={`/admin/receipts/${receipt.id}/pdf`} className="text-teal-700 underline" download>
                        PDF<span className="sr-only"> of {receipt.number}</span>
                      </a>
                      )
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            No card payment: this enrollment was added by hand ({formatCents(enrollment.paymentAmount)} recorded).
          </p>
        )}
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Form
          method="post"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          aria-label="Edit enrollment"
        >
          <h2 className="font-semibold">Edit enrollment</h2>
          <input type="hidden" name="intent" value="edit" />
          <LabeledField id="edit-status" label="Status">
            <select
              id="edit-status"
              name="enrollmentStatus"
              defaultValue={edit?.enrollmentStatus ?? enrollment.enrollmentStatus}
              className={inputClass}
              {...fieldErrorProps('edit-status-error', editErrors.enrollmentStatus)}
            >
              {ENROLLMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
            <FieldError id="edit-status-error" message={editErrors.enrollmentStatus} />
          </LabeledField>
          <LabeledField id="edit-cohort" label="Cohort">
            <select
              id="edit-cohort"
              name="cohortId"
              defaultValue={edit?.cohortId ?? enrollment.cohortId ?? ''}
              className={inputClass}
              {...fieldErrorProps('edit-cohort-error', editErrors.cohortId)}
            >
              <option value="">No Cohort</option>
              {cohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohortText(cohort)}
                </option>
              ))}
            </select>
            <FieldError id="edit-cohort-error" message={editErrors.cohortId} />
          </LabeledField>
          <LabeledField id="edit-notes" label="Notes">
            <textarea
              id="edit-notes"
              name="notes"
              defaultValue={edit?.notes ?? enrollment.notes ?? ''}
              maxLength={2000}
              rows={4}
              className={inputClass}
              {...fieldErrorProps('edit-notes-error', editErrors.notes)}
            />
            <FieldError id="edit-notes-error" message={editErrors.notes} />
          </LabeledField>
          <button type="submit" className={buttonClass}>
            Save Changes
          </button>
        </Form>

        <Form
          method="post"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          aria-label="Move student"
        >
          <h2 className="font-semibold">Move to another cohort</h2>
          <p className="text-sm text-slate-600">Same training; the payment and plan stay with the student.</p>
          <input type="hidden" name="intent" value="move" />
          <LabeledField id="move-cohort" label="New cohort">
            <select
              id="move-cohort"
              name="cohortId"
              defaultValue={typed('move')?.cohortId ?? ''}
              className={inputClass}
              {...fieldErrorProps('move-cohort-error', moveErrors.moveCohortId)}
            >
              <option value="">Choose a cohort</option>
              {otherCohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id} disabled={cohort.seatsLeft === 0}>
                  {cohortText(cohort)}
                </option>
              ))}
            </select>
            <FieldError id="move-cohort-error" message={moveErrors.moveCohortId} />
          </LabeledField>
          <button type="submit" className={secondaryButtonClass}>
            Move Student
          </button>
        </Form>

        <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="Refund">
          <h2 className="font-semibold">Refund</h2>
          {payment ? (
            <p className="text-sm text-slate-600">
              Up to{' '}
              {formatCents(Math.min(payment.refundableCents, enrollment.paymentAmount - enrollment.refundedCents))} can
              be refunded. A refund cancels the enrollment and stops the remaining installments.
            </p>
          ) : (
            <p className="text-sm text-slate-600">Only card payments can be refunded here.</p>
          )}
          <input type="hidden" name="intent" value="refund" />
          <LabeledField id="refund-amount" label="Amount in dollars (empty: all that is left)">
            <input
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              defaultValue={refund?.amount ?? ''}
              className={inputClass}
              {...fieldErrorProps('refund-amount-error', refundErrors.amount)}
            />
            <FieldError id="refund-amount-error" message={refundErrors.amount} />
          </LabeledField>
          <LabeledField id="refund-reason" label="Reason">
            <input
              id="refund-reason"
              name="reason"
              maxLength={500}
              defaultValue={refund?.reason ?? ''}
              className={inputClass}
              {...fieldErrorProps('refund-reason-error', refundErrors.reason)}
            />
            <FieldError id="refund-reason-error" message={refundErrors.reason} />
          </LabeledField>
          <button type="submit" className={dangerButtonClass} disabled={!payment}>
            Refund
          </button>
        </Form>

        {payment?.planStatus === 'stopped' ? (
          <Form
            method="post"
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
            aria-label="Restart billing"
          >
            <h2 className="font-semibold">Billing stopped</h2>
            <p className="text-sm text-slate-600">
              A refund or cancellation stopped this plan: reactivating the enrollment does not charge the card again.
              Restarting billing charges the remaining installments, the next one when it is due (at once if its date
              has passed).
            </p>
            {restartProblem ? <p className="text-sm text-slate-600">{restartProblem}.</p> : null}
            <input type="hidden" name="intent" value="restart-billing" />
            <button type="submit" className={secondaryButtonClass} disabled={restartProblem !== null}>
              Restart billing
            </button>
          </Form>
        ) : null}
      </div>

      <p className="mt-8">
        <Link to={`/admin/panel/audit?entityId=${enrollment.id}`} className="text-teal-700 underline">
          This enrollment&apos;s audit trail
        </Link>
      </p>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
