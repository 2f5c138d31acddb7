import { ROUTES, type CohortCompletionPreview } from '@app/contracts';
import { cohortMonthLabel, completionFromForm, formatCents, formatHours, parseCompletionForm } from '@app/domain';
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
import { buttonClass, inputClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { LabeledField } from '~/components/admin/form-field';
import { ToastNotice } from '~/components/admin/toast-notice';
import { CompletionFields } from '~/components/admin/completion-fields';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, dataWithToast, type FlashToast } from '~/lib/session.server';
import { apiFieldErrors, isUuid, parseForm } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Complete a cohort - Admin Panel' }];

/** Choose a cohort (GET), see who a completion includes and what they owe, then confirm (POST): no JavaScript needed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const cohortId = new URL(request.url).searchParams.get('cohortId') ?? '';
  const cohorts = await adminApi(request, ROUTES.adminCohorts);
  let preview: CohortCompletionPreview | null = null;
  if (isUuid(cohortId)) {
    try {
      preview = await adminApi(request, ROUTES.adminCohortCompletion, { params: { id: cohortId } });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return dataWithToast(request, { cohorts, preview, today: new Date().toISOString().slice(0, 10) });
}

interface ActionData {
  toast: FlashToast;
  fieldErrors: Record<string, string>;
  /** The date as typed, shown again. */
  completedOn: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseForm(await request.formData(), (v) => parseCompletionForm(completionFromForm(v)));
  const cohortId = parsed.values.cohortId ?? '';
  const completedOn = parsed.values.completedOn ?? '';
  // The cohort is the page's hidden id, checked as an id; the date and the checkbox by the form's schema.
  if (!parsed.ok || !isUuid(cohortId)) {
    const fieldErrors = parsed.ok ? {} : parsed.fieldErrors;
    const message = Object.values(fieldErrors)[0] ?? 'Choose a cohort';
    return data<ActionData>(
      { toast: newToast('error', 'Failed to complete the cohort', message), fieldErrors, completedOn },
      { status: 400 },
    );
  }
  try {
    const result = await adminApi(request, ROUTES.adminCompleteEnrollments, { body: { cohortId, ...parsed.value } });
    return redirectWithToast(
      request,
      `/admin/panel/completions?cohortId=${cohortId}`,
      newToast(
        'success',
        'Cohort completed',
        `${result.completed} completed, ${result.certificatesIssued} certificates issued, ${result.mailsQueued} mails queued`,
      ),
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionData>(
      {
        toast: newToast('error', 'Failed to complete the cohort', error.text),
        fieldErrors: apiFieldErrors(error),
        completedOn,
      },
      { status: error.status === 409 ? 409 : 400 },
    );
  }
}

export default function CompletionsPage() {
  const { cohorts, preview, today, toast } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const eligible = preview?.candidates.filter((c) => c.eligible) ?? [];
  const owing = eligible.filter((c) => c.balanceCents > 0);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to the panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Complete a cohort</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <LabeledField id="cohortId" label="Cohort">
          <select id="cohortId" name="cohortId" defaultValue={preview?.cohortId ?? ''} className={inputClass}>
            <option value="">Choose a cohort</option>
            {cohorts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.trainingName}, {cohortMonthLabel(c.cohortMonth)}
              </option>
            ))}
          </select>
        </LabeledField>
        <button type="submit" className={secondaryButtonClass}>
          Show who completes
        </button>
        <Link to="/admin/panel/trainings" className="px-2 py-2 text-sm text-teal-700 underline">
          Training settings (contact hours)
        </Link>
      </Form>

      {preview ? (
        <section aria-labelledby="who" className="mt-6">
          <h2 id="who" className="text-xl font-semibold">
            {preview.trainingName}, {cohortMonthLabel(preview.cohortMonth)}
          </h2>
          <p className="mt-1">
            Contact hours:{' '}
            {preview.contactHours === null ? (
              <strong>not set: set them in the training settings first</strong>
            ) : (
              <strong>{formatHours(preview.contactHours)}</strong>
            )}
          </p>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Enrollments of the cohort</caption>
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Included</th>
                </tr>
              </thead>
              <tbody>
                {preview.candidates.map((c) => (
                  <tr key={c.enrollmentId}>
                    <td>{c.studentName}</td>
                    <td>{c.studentEmail}</td>
                    <td>{c.enrollmentStatus}</td>
                    <td>{c.balanceCents > 0 ? formatCents(c.balanceCents) : 'Paid'}</td>
                    <td>{c.eligible ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {eligible.length > 0 ? (
            <Form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="cohortId" value={preview.cohortId} />
              <CompletionFields
                today={today}
                errors={result?.fieldErrors}
                completedOn={result?.completedOn}
                unpaidLabel={
                  owing.length > 0
                    ? `Complete the ${owing.length} who still owe a balance anyway (recorded in the audit trail)`
                    : null
                }
              />
              <button type="submit" className={buttonClass}>
                Complete {eligible.length} enrollments and issue their certificates
              </button>
            </Form>
          ) : (
            <p className="mt-4">No active enrollment left to complete in this cohort.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
