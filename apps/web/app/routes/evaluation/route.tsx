import { ROUTES, type CredentialOverview, type RouteDefinition } from '@app/contracts';
import {
  ANALYSIS_POLL_INTERVAL_MS,
  currentEvaluationPhase,
  parseCredentialNameForm,
  parseSignInLinkForm,
  shouldPollAnalyses,
} from '@app/domain';
import {
  data,
  useActionData,
  useLoaderData,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { useEffect, useRef } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AnalysisResults } from './analysis-results';
import { EvaluationProcess } from './evaluation-process';
import { DocumentRequirementsCard, HowWeAnalyzeCard } from './info-cards';
import { KeepEvaluationPanel, type KeepEvaluationFeedback } from './keep-evaluation-panel';
import { MailPanel } from './mail-panel';
import { SystemStatusPanel } from './system-status-panel';
import { UploadCredentialsPanel } from './upload-credentials-panel';
import { ApiError } from '~/lib/api.server';
import { evaluationPanels } from '~/lib/evaluation-panels.server';
import { cacheControlFromLoader, PRIVATE_PAGE, SHARED_PAGE } from '~/lib/page-sharing';
import { signedOutHeaders } from '~/lib/account.server';
import { applicantApi, ensureApplicant, optionalApplicant, signInLinkRequest } from '~/lib/applicant.server';
import { ToastNotice } from '~/components/admin/toast-notice';
import { newToast, optionalAdminToken, redirectWithToast, takePendingToast } from '~/lib/session.server';
import { notify } from '~/lib/toast';
import { apiFieldErrors, formText, isUuid, parseForm } from '~/lib/forms.server';

const TITLE = 'Transcript and Certificate Evaluation';
/** The visitor's own records: the account's email and their credentials (one call). */
interface OwnRecords {
  email: string | null;
  credentials: CredentialOverview[];
  /** The cookie's session has ended: the response drops the cookie. */
  ended?: boolean;
}
const NO_RECORDS: OwnRecords = { email: null, credentials: [] };

export const meta: MetaFunction = () => [{ title: TITLE }];

/** A panel's data that may be missing (endpoint not there yet, service down): null, and the panel says so. */
async function optional<R extends RouteDefinition, T>(route: R, call: (route: R) => Promise<T>): Promise<T | null> {
  try {
    return await call(route);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404))
      console.error(`GET ${route.path} failed: ${String(error)}`);
    return null;
  }
}

/**
 * The visitor's own credentials only, with their evaluations, progress and reviews, and the account's email, in one API
 * call (`GET /api/applicants/me/records`); a visitor who has created nothing has no applicant cookie and costs no call.
 */
async function ownRecords(request: Request): Promise<OwnRecords> {
  const applicant = await optionalApplicant(request);
  if (!applicant) return NO_RECORDS;
  try {
    const { email, credentials } = await applicantApi(applicant, ROUTES.applicantRecords, { request });
    return { email, credentials };
  } catch (error) {
    // The cookie's session has ended (signed out elsewhere, erased, expired): a new visitor's page, and the cookie goes.
    if (applicant.session && error instanceof ApiError && error.status === 401) return { ...NO_RECORDS, ended: true };
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = optionalAdminToken(request);
  const [records, panels, adminToken, pending] = await Promise.all([
    ownRecords(request),
    // Both system panels in one call (issue 18), kept briefly in this process for everyone but an admin (issue 28).
    optional(ROUTES.evaluationPanels, async () => evaluationPanels((await admin) !== null)),
    admin,
    takePendingToast(request),
  ]);
  const checklist = panels?.checklist ?? null;
  const gmail = panels?.gmail ?? null;
  const { credentials } = records;
  const completed = credentials.filter((credential) => credential.status === 'completed');
  const verified = credentials.filter((credential) => credential.review?.decision === 'verified');
  return data(
    {
      credentials,
      toast: pending.toast,
      results: completed.map((credential) => ({
        credential,
        evaluation: credential.evaluation,
        review: credential.review,
      })),
      analyses: Object.fromEntries(credentials.filter((c) => c.status === 'analyzing').map((c) => [c.id, c.analyses])),
      awardedCredits:
        verified.length > 0 ? verified.reduce((sum, c) => sum + (c.review?.awardedCredits ?? 0), 0) : null,
      email: records.email,
      signedIn: new URL(request.url).searchParams.get('signedIn') === '1',
      checklist,
      gmail,
      // Connecting Gmail and creating drafts are admin actions; the page offers them to a logged-in admin.
      adminSignedIn: adminToken !== null,
    },
    { headers: evaluationHeaders(records, adminToken === null && !pending.toast, pending.setCookie) },
  );
}

function evaluationHeaders(records: OwnRecords, nothingElse: boolean, toastCookie: string | null | undefined): Headers {
  // Shared only as a visitor with nothing of their own sees it: no records, no admin, no toast.
  const headers = new Headers(records === NO_RECORDS && nothingElse ? SHARED_PAGE : PRIVATE_PAGE);
  if (toastCookie) headers.append('Set-Cookie', toastCookie);
  if (records.ended) for (const cookie of signedOutHeaders().getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

export const headers = cacheControlFromLoader;

type ActionResult =
  | { intent: 'create-credential'; ok: true; at: number }
  | { intent: 'create-credential'; ok: false; at: number; name: string; fieldError?: string }
  | { intent: 'analyze'; ok: boolean; at: number }
  | { intent: 'delete-credential'; ok: boolean; at: number; message?: string }
  | ({ intent: 'email-link' } & KeepEvaluationFeedback)
  | { intent: 'unknown'; ok: false; at: number };

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 500;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const at = Date.now();
  if (intent === 'create-credential') {
    const parsed = parseForm(form, parseCredentialNameForm);
    const raw = parsed.values.name ?? '';
    if (!parsed.ok) {
      return data<ActionResult>(
        { intent, ok: false, at, name: raw, fieldError: parsed.fieldErrors.name },
        { status: 400 },
      );
    }
    // Creating the first credential is what gives this browser its applicant identity.
    const { applicant, setCookie } = await ensureApplicant(request);
    try {
      await applicantApi(applicant, ROUTES.createCredential, { body: { name: parsed.value.name }, request });
      if (setCookie) {
        // This request's loader cannot see a cookie set by its own response, so a new applicant loads the page again.
        const response = await redirectWithToast(
          request,
          '/evaluation',
          newToast('success', 'Credential created successfully'),
        );
        response.headers.append('Set-Cookie', setCookie);
        return response;
      }
      return data<ActionResult>({ intent, ok: true, at });
    } catch (error) {
      console.error(`Creating a credential failed: ${String(error)}`);
      const fieldError = apiFieldErrors(error).name;
      return data<ActionResult>(
        { intent, ok: false, at, name: raw, fieldError },
        { status: statusOf(error), headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
      );
    }
  }
  if (intent === 'analyze' || intent === 'delete-credential') {
    const credentialId = formText(form, 'credentialId');
    const applicant = await optionalApplicant(request);
    try {
      if (!isUuid(credentialId) || !applicant) throw new ApiError(404, null, 'Credential not found');
      if (intent === 'analyze') {
        await applicantApi(applicant, ROUTES.analyzeCredential, { params: { id: credentialId }, request });
      } else {
        await applicantApi(applicant, ROUTES.deleteCredential, { params: { id: credentialId }, request });
      }
      return data<ActionResult>({ intent, ok: true, at });
    } catch (error) {
      console.error(`${intent} of ${credentialId} failed: ${String(error)}`);
      const message = error instanceof ApiError && error.status === 409 ? error.text : undefined;
      return data<ActionResult>({ intent, ok: false, at, message }, { status: statusOf(error) });
    }
  }
  if (intent === 'email-link') {
    const parsed = parseForm(form, parseSignInLinkForm);
    const email = (parsed.values.email ?? '').trim();
    if (!parsed.ok) {
      return data<ActionResult>(
        { intent, ok: false, at, email, fieldError: parsed.fieldErrors.email },
        { status: 400 },
      );
    }
    const { headers, send } = await signInLinkRequest(request, parsed.value.email);
    try {
      const sent = await send();
      return data<ActionResult>({ intent, ok: true, at, email, message: sent.message }, { headers });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (apiFieldErrors(error).email ?? error.body?.message ?? error.text)
          : 'The link could not be sent';
      return data<ActionResult>({ intent, ok: false, at, email, message }, { status: statusOf(error), headers });
    }
  }
  return data<ActionResult>({ intent: 'unknown', ok: false, at }, { status: 400 });
}

/** While any credential is analyzing, reload the page's data every 2 seconds; stops when none is. */
function usePollWhileAnalyzing(analyzing: boolean): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!analyzing) return;
    const timer = setInterval(() => {
      if (latest.current.state === 'idle') latest.current.revalidate();
    }, ANALYSIS_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [analyzing]);
}

function useActionToasts(result: ActionResult | undefined): void {
  useEffect(() => {
    if (!result) return;
    if (result.intent === 'create-credential') {
      if (result.ok) notify.success('Credential created successfully');
      else if (!result.fieldError) notify.error('Error: Failed to create credential');
    } else if (result.intent === 'analyze') {
      if (result.ok)
        notify.success('Analysis Started: Your credentials are being analyzed. This may take a few minutes.');
      else notify.error('Error: Failed to start analysis');
    } else if (result.intent === 'delete-credential') {
      if (result.ok) notify.success('Credential deleted with its documents and results');
      else notify.error('Error', result.message ?? 'Failed to delete the credential');
    }
  }, [result]);
}

export default function EvaluationPage() {
  const { credentials, toast, results, analyses, awardedCredits, email, signedIn, checklist, gmail, adminSignedIn } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const statuses = credentials.map((credential) => credential.status);
  usePollWhileAnalyzing(shouldPollAnalyses(statuses));
  useActionToasts(actionData);
  const createFeedback = actionData?.intent === 'create-credential' ? actionData : null;
  const linkFeedback = actionData?.intent === 'email-link' ? actionData : null;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <ToastNotice toast={toast} />
      <h1 className="text-3xl font-bold text-slate-900">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Upload your transcripts, syllabi and certificates. We review them against our academic criteria and recommend
        the quarter credits they are worth.
      </p>
      <div className="mt-6">
        <EvaluationProcess
          current={currentEvaluationPhase(statuses, awardedCredits !== null)}
          awardedCredits={awardedCredits}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <UploadCredentialsPanel credentials={credentials} analyses={analyses} createFeedback={createFeedback} />
          {results.length > 0 && (
            <AnalysisResults
              results={results}
              outreach={{ gmailConfigured: gmail?.configured === true, adminSignedIn }}
            />
          )}
        </div>
        <aside className="space-y-6">
          <KeepEvaluationPanel
            email={email}
            signedIn={signedIn}
            hasRecords={credentials.length > 0}
            feedback={linkFeedback}
          />
          <HowWeAnalyzeCard />
          <DocumentRequirementsCard />
        </aside>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <SystemStatusPanel status={checklist} />
        <MailPanel status={gmail} adminSignedIn={adminSignedIn} />
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
