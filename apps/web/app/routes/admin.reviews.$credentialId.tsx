import { ROUTES, CRITERIA_KEYS } from '@app/contracts';
import { CRITERION_LABELS, parseRejectDecision, parseVerifyDecision, verifyDecisionFromForm } from '@app/domain';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import {
  buttonClass,
  dangerButtonClass,
  inputClass,
  labelClass,
  secondaryButtonClass,
} from '~/components/ui/form-styles';
import { ToastNotice } from '~/components/admin/toast-notice';
import { DocumentNotices } from '~/components/evaluation/document-notices';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, adminRecord, newToast, redirectWithToast, dataWithToast } from '~/lib/session.server';
import { apiFieldErrors, formValues, isUuid, parseForm } from '~/lib/forms.server';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';

export const meta: MetaFunction = () => [{ title: 'Credential Review' }];

function credentialIdOf(params: { credentialId?: string }): string {
  const id = params.credentialId ?? '';
  if (!isUuid(id)) throw new Response('Not found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = credentialIdOf(params);
  const detail = await adminRecord(request, ROUTES.reviewDetail, { params: { id } });
  return dataWithToast(request, { detail });
}

type FieldErrors = Partial<Record<string, string>>;

/** A refused decision: each message beside its field and the form as typed (its `intent` says which form). */
function refused(fieldErrors: FieldErrors, values: Record<string, string>) {
  return data({ fieldErrors, values }, { status: 400 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = credentialIdOf(params);
  const form = await request.formData();
  const intent = form.get('intent');
  const here = `/admin/reviews/${id}`;
  try {
    if (intent === 'verify') {
      // The Verify schema the API runs too; blank credits are left out, so the API awards the recommendation.
      const parsed = parseForm(form, (v) => parseVerifyDecision(verifyDecisionFromForm(v)));
      if (!parsed.ok) return refused(parsed.fieldErrors, parsed.values);
      const { awardedCredits, note } = parsed.value;
      await adminApi(request, ROUTES.verifyCredential, {
        params: { id },
        body: { ...(awardedCredits === undefined ? {} : { awardedCredits }), ...(note ? { note } : {}) },
      });
      return redirectWithToast(
        request,
        here,
        newToast('success', 'Verified', 'The credit is verified and the applicant sees it'),
      );
    }
    if (intent === 'reject') {
      const parsed = parseForm(form, (v) => parseRejectDecision({ reason: v.reason }));
      if (!parsed.ok) return refused(parsed.fieldErrors, parsed.values);
      await adminApi(request, ROUTES.rejectCredential, { params: { id }, body: parsed.value });
      return redirectWithToast(request, here, newToast('success', 'Rejected', 'The applicant sees the reason'));
    }
    if (intent === 'email-drafts') {
      const result = await adminApi(request, ROUTES.createEmailDrafts, {
        params: { id },
        body: {},
      });
      return redirectWithToast(
        request,
        here,
        newToast('success', 'Email drafts', `${result.created} created, ${result.skipped} already drafted`),
      );
    }
  } catch (error) {
    // The API's field errors (the same schemas) go beside the fields, like the page's own check.
    const fieldErrors = apiFieldErrors(error);
    if (Object.keys(fieldErrors).length > 0) return refused(fieldErrors, formValues(form));
    if (error instanceof ApiError && error.status < 500) {
      return redirectWithToast(request, here, newToast('error', 'Error', error.body?.message ?? error.text));
    }
    throw error;
  }
  throw redirect(here);
}

export default function CredentialReviewPage() {
  const { detail, toast } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { credential, evaluation, review } = detail;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <ToastNotice toast={toast} />
      <p>
        <Link to="/admin/reviews" className="text-sm text-teal-800 underline">
          Back to the queue
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{credential.name}</h1>
      <p className="text-sm text-slate-700">
        Applicant: {detail.applicantEmail ?? 'anonymous'} · Status: {credential.status}
      </p>

      <section aria-labelledby="documents-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="documents-title" className="font-semibold">
          Documents
        </h2>
        <ul className="mt-2 space-y-1 text-sm" data-testid="review-documents">
          {credential.documents.map((document) => (
            <li key={document.id}>
              <a href={`/admin/reviews/${credential.id}/documents/${document.id}`} className="text-teal-800 underline">
                {document.fileName}
              </a>{' '}
              <span className="text-slate-700">
                ({document.documentType}, {document.fileType})
              </span>
            </li>
          ))}
        </ul>
      </section>

      {evaluation && (
        <section
          aria-labelledby="evaluation-title"
          className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm"
        >
          <h2 id="evaluation-title" className="font-semibold">
            Evaluation
          </h2>
          <div className="mt-2">
            <DocumentNotices
              notices={evaluation.documentNotices ?? []}
              documentCount={credential.documents.length}
              credentialName={credential.name}
              headingLevel="h3"
            />
          </div>
          <p className="mt-2">
            Recommended: <strong data-testid="recommended-credits">{evaluation.totalCredits}</strong> quarter credits
            from {evaluation.contactHours ?? 'unknown'} contact hours · rigor {evaluation.rigorScore}/10 · minimum
            requirements {evaluation.minimumRequirementsMet ? 'met' : 'not met'}
          </p>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {CRITERIA_KEYS.map((key) => (
              <li key={key}>
                {CRITERION_LABELS[key]}: {evaluation[key] ? 'met' : 'not met'}
              </li>
            ))}
          </ul>
          {evaluation.rigorExplanation.length > 0 && (
            <ul className="mt-2 list-inside list-disc text-slate-700">
              {evaluation.rigorExplanation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {Object.entries(evaluation.evidence ?? {}).some(([, e]) => e.review) && (
            <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="review-uncertain">
              <p className="font-medium">Check before relying on these (read with low confidence):</p>
              <ul className="mt-1 list-inside list-disc">
                {Object.entries(evaluation.evidence ?? {})
                  .filter(([, e]) => e.review)
                  .map(([field, e]) => (
                    <li key={field}>
                      {field}: &ldquo;{e.quote}&rdquo; ({e.document}, page {e.page}, line {e.line}) — {e.review}
                    </li>
                  ))}
              </ul>
            </div>
          )}
          {Object.keys(evaluation.missing ?? {}).length > 0 && (
            <div className="mt-3 text-sm" data-testid="review-missing">
              <p className="font-medium">Not stated in the documents (left empty):</p>
              <ul className="mt-1 list-inside list-disc text-slate-700">
                {Object.entries(evaluation.missing ?? {}).map(([field, reason]) => (
                  <li key={field}>
                    {field}: {reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {Object.keys(evaluation.evidence ?? {}).length > 0 && (
            <details className="mt-3">
              <summary className="cursor-pointer font-medium">Evidence: where each figure was read</summary>
              <dl className="mt-2 space-y-2" data-testid="review-evidence">
                {Object.entries(evaluation.evidence ?? {}).map(([field, evidence]) => (
                  <div key={field}>
                    <dt className="font-medium">{field}</dt>
                    <dd className="text-slate-700">
                      &ldquo;{evidence.quote}&rdquo; ({evidence.document}, page {evidence.page}, line {evidence.line})
                      {evidence.derivation && <span className="block">Derived: {evidence.derivation}</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
          {evaluation.leadContacts.length > 0 && (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="email-drafts" />
              <button type="submit" className={secondaryButtonClass}>
                Create email drafts ({evaluation.leadContacts.length} contacts)
              </button>
            </Form>
          )}
        </section>
      )}

      {review ? (
        <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="review-decision">
          <h2 className="font-semibold">Decision</h2>
          {review.decision === 'verified' ? (
            <p className="mt-2">
              Verified: {review.awardedCredits} quarter credits{review.note ? ` · Note: ${review.note}` : ''}
            </p>
          ) : (
            <p className="mt-2">Rejected: {review.rejectionReason}</p>
          )}
        </section>
      ) : (
        evaluation && (
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <DecisionForm
              intent="verify"
              title="Verify the credit"
              submit="Verify"
              answer={result}
              fields={[
                {
                  id: 'awarded-credits',
                  name: 'awardedCredits',
                  label: `Credits to award (blank: ${evaluation.totalCredits})`,
                  decimal: true,
                },
                { id: 'verify-note', name: 'note', label: 'Note for the applicant (optional)', rows: 2 },
              ]}
            />
            <DecisionForm
              intent="reject"
              title="Reject"
              submit="Reject"
              answer={result}
              danger
              fields={[
                {
                  id: 'reject-reason',
                  name: 'reason',
                  label: 'Reason (the applicant reads it)',
                  rows: 3,
                  required: true,
                },
              ]}
            />
          </div>
        )
      )}
    </main>
  );
}

type DecisionAnswer = { fieldErrors: FieldErrors; values: Record<string, string> } | undefined;

interface DecisionField {
  id: string;
  name: string;
  label: string;
  /** A textarea of this many rows; an input without. */
  rows?: number;
  required?: boolean;
  /** A number typed with decimals (the phone's decimal keypad). */
  decimal?: boolean;
}

/**
 * One decision form (Verify or Reject): its fields each with a label, the value as typed after a refusal and the
 * message beside it, then its button.
 */
function DecisionForm({
  intent,
  title,
  submit,
  answer,
  danger = false,
  fields,
}: {
  intent: 'verify' | 'reject';
  title: string;
  submit: string;
  answer: unknown;
  danger?: boolean;
  fields: DecisionField[];
}) {
  const refused =
    answer && typeof answer === 'object' && 'fieldErrors' in answer ? (answer as DecisionAnswer) : undefined;
  const mine = refused?.values.intent === intent ? refused : undefined;
  const field = ({ id, name, label, rows, required, decimal }: DecisionField) => {
    const message = mine?.fieldErrors[name];
    const props = {
      id,
      name,
      required,
      defaultValue: mine?.values[name] ?? '',
      className: inputClass,
      ...fieldErrorProps(`${id}-error`, message),
    };
    return (
      <div key={id}>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {rows ? <textarea rows={rows} {...props} /> : <input inputMode={decimal ? 'decimal' : undefined} {...props} />}
        <FieldError id={`${id}-error`} message={message} />
      </div>
    );
  };
  return (
    <Form
      method="post"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={`${intent}-title`}
    >
      <h2 id={`${intent}-title`} className="font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {fields.map(field)}
      <button type="submit" className={danger ? dangerButtonClass : buttonClass}>
        {submit}
      </button>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
