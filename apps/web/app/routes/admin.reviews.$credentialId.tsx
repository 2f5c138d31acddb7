import { ROUTES, CRITERIA_KEYS, type ReviewCredentialDetail } from '@app/contracts';
import { CRITERION_LABELS, checkRejection, checkVerification } from '@app/domain';
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
import { adminApi, newToast, redirectWithToast, takeToast } from '~/lib/session.server';
import { isUuid } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Credential Review' }];

function credentialIdOf(params: { credentialId?: string }): string {
  const id = params.credentialId ?? '';
  if (!isUuid(id)) throw new Response('Not found', { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = credentialIdOf(params);
  let detail: ReviewCredentialDetail;
  try {
    detail = await adminApi(request, ROUTES.reviewDetail, { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
  const { toast, headers } = await takeToast(request);
  return data({ detail, toast }, { headers });
}

type FieldErrors = Record<string, string>;

export async function action({ request, params }: ActionFunctionArgs) {
  const id = credentialIdOf(params);
  const form = await request.formData();
  const intent = form.get('intent');
  const here = `/admin/reviews/${id}`;
  try {
    if (intent === 'verify') {
      // The same rule as the API's, so a bad number is answered here with the field marked.
      const checked = checkVerification({ awardedCredits: form.get('awardedCredits'), note: form.get('note') }, 0);
      if (!checked.ok) return data({ fieldErrors: { [checked.field]: checked.error } as FieldErrors }, { status: 400 });
      const raw = String(form.get('awardedCredits') ?? '').trim();
      await adminApi(request, ROUTES.verifyCredential, {
        params: { id },
        body: {
          ...(raw ? { awardedCredits: checked.value.awardedCredits } : {}),
          ...(checked.value.note ? { note: checked.value.note } : {}),
        },
      });
      return redirectWithToast(
        request,
        here,
        newToast('success', 'Verified', 'The credit is verified and the applicant sees it'),
      );
    }
    if (intent === 'reject') {
      const checked = checkRejection({ reason: form.get('reason') });
      if (!checked.ok) return data({ fieldErrors: { [checked.field]: checked.error } as FieldErrors }, { status: 400 });
      await adminApi(request, ROUTES.rejectCredential, {
        params: { id },
        body: { reason: checked.value.reason },
      });
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
  const errors: FieldErrors = result && 'fieldErrors' in result ? result.fieldErrors : {};
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
            <Form
              method="post"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
              aria-labelledby="verify-title"
            >
              <h2 id="verify-title" className="font-semibold">
                Verify the credit
              </h2>
              <input type="hidden" name="intent" value="verify" />
              <label htmlFor="awarded-credits" className={labelClass}>
                Credits to award (blank: {evaluation.totalCredits})
              </label>
              <input
                id="awarded-credits"
                name="awardedCredits"
                inputMode="decimal"
                className={inputClass}
                aria-invalid={errors.awardedCredits ? true : undefined}
                aria-describedby={errors.awardedCredits ? 'awarded-credits-error' : undefined}
              />
              {errors.awardedCredits && (
                <p id="awarded-credits-error" className="text-sm text-red-700">
                  {errors.awardedCredits}
                </p>
              )}
              <label htmlFor="verify-note" className={labelClass}>
                Note for the applicant (optional)
              </label>
              <textarea id="verify-note" name="note" rows={2} className={inputClass} />
              <button type="submit" className={buttonClass}>
                Verify
              </button>
            </Form>
            <Form
              method="post"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
              aria-labelledby="reject-title"
            >
              <h2 id="reject-title" className="font-semibold">
                Reject
              </h2>
              <input type="hidden" name="intent" value="reject" />
              <label htmlFor="reject-reason" className={labelClass}>
                Reason (the applicant reads it)
              </label>
              <textarea
                id="reject-reason"
                name="reason"
                rows={3}
                required
                className={inputClass}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? 'reject-reason-error' : undefined}
              />
              {errors.reason && (
                <p id="reject-reason-error" className="text-sm text-red-700">
                  {errors.reason}
                </p>
              )}
              <button type="submit" className={dangerButtonClass}>
                Reject
              </button>
            </Form>
          </div>
        )
      )}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
