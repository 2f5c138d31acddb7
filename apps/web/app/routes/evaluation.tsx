import type { AnalysisRecord, ChecklistStatus, Credential, Evaluation, GmailSetupStatus } from '@app/contracts';
import { ANALYSIS_POLL_INTERVAL_MS, currentEvaluationPhase, normalizeCredentialName, shouldPollAnalyses } from '@app/domain';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AnalysisResults } from '~/components/evaluation/analysis-results';
import { EvaluationProcess } from '~/components/evaluation/evaluation-process';
import { DocumentRequirementsCard, HowWeAnalyzeCard } from '~/components/evaluation/info-cards';
import { MailPanel } from '~/components/evaluation/mail-panel';
import { SystemStatusPanel } from '~/components/evaluation/system-status-panel';
import { UploadCredentialsPanel } from '~/components/evaluation/upload-credentials-panel';
import { api, ApiError } from '~/lib/api.server';
import { optionalAdminToken } from '~/lib/session.server';
import { notify } from '~/lib/toast';

const TITLE = 'Transcript and Certificate Evaluation';

export const meta: MetaFunction = () => [{ title: TITLE }];

/** A panel's data that may be missing (endpoint not there yet, service down): null, and the panel says so. */
async function optional<T>(path: string): Promise<T | null> {
  try {
    return await api<T>(path);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.error(`GET ${path} failed: ${String(error)}`);
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [credentials, checklist, gmail, adminToken] = await Promise.all([
    api<Credential[]>('/api/credentials'),
    optional<ChecklistStatus>('/api/system/checklist-status'),
    optional<GmailSetupStatus>('/api/gmail/setup-status'),
    optionalAdminToken(request),
  ]);
  const completed = credentials.filter((credential) => credential.status === 'completed');
  const analyzing = credentials.filter((credential) => credential.status === 'analyzing');
  const [evaluations, analyses] = await Promise.all([
    Promise.all(completed.map((c) => optional<Evaluation>(`/api/credentials/${c.id}/evaluation`))),
    // The spec: failures fetching analysis progress are only logged.
    Promise.all(analyzing.map(async (c) => (await optional<AnalysisRecord[]>(`/api/credentials/${c.id}/analyses`)) ?? [])),
  ]);
  return {
    credentials,
    results: completed.map((credential, index) => ({ credential, evaluation: evaluations[index] })),
    analyses: Object.fromEntries(analyzing.map((credential, index) => [credential.id, analyses[index]])),
    checklist,
    gmail,
    // Connecting Gmail and creating drafts are admin actions; the page offers them to a logged-in admin.
    adminSignedIn: adminToken !== null,
  };
}

type ActionResult =
  | { intent: 'create-credential'; ok: true; at: number }
  | { intent: 'create-credential'; ok: false; at: number; name: string; fieldError?: string }
  | { intent: 'analyze'; ok: boolean; at: number }
  | { intent: 'unknown'; ok: false; at: number };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const at = Date.now();
  if (intent === 'create-credential') {
    const raw = String(form.get('name') ?? '');
    const checked = normalizeCredentialName(raw);
    if (!checked.ok) {
      return data<ActionResult>({ intent, ok: false, at, name: raw, fieldError: checked.error }, { status: 400 });
    }
    try {
      await api<Credential>('/api/credentials', { method: 'POST', body: { name: checked.name }, request });
      return data<ActionResult>({ intent, ok: true, at });
    } catch (error) {
      console.error(`Creating a credential failed: ${String(error)}`);
      const fieldError = error instanceof ApiError ? error.body?.fieldErrors?.name?.[0] : undefined;
      return data<ActionResult>({ intent, ok: false, at, name: raw, fieldError }, { status: error instanceof ApiError ? error.status : 500 });
    }
  }
  if (intent === 'analyze') {
    const credentialId = String(form.get('credentialId') ?? '');
    try {
      if (!/^[0-9a-f-]{36}$/i.test(credentialId)) throw new Error(`Not a credential id: ${credentialId}`);
      await api<unknown>(`/api/credentials/${credentialId}/analyze`, { method: 'POST', request });
      return data<ActionResult>({ intent, ok: true, at });
    } catch (error) {
      console.error(`Starting the analysis failed: ${String(error)}`);
      return data<ActionResult>({ intent, ok: false, at }, { status: error instanceof ApiError ? error.status : 500 });
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
      if (result.ok) notify.success('Analysis Started: Your credentials are being analyzed. This may take a few minutes.');
      else notify.error('Error: Failed to start analysis');
    }
  }, [result]);
}

export default function EvaluationPage() {
  const { credentials, results, analyses, checklist, gmail, adminSignedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const statuses = credentials.map((credential) => credential.status);
  usePollWhileAnalyzing(shouldPollAnalyses(statuses));
  useActionToasts(actionData);
  const createFeedback = actionData?.intent === 'create-credential' ? actionData : null;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Upload your transcripts, syllabi and certificates. We review them against our academic criteria and recommend the
        quarter credits they are worth.
      </p>
      <div className="mt-6">
        <EvaluationProcess current={currentEvaluationPhase(statuses)} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <UploadCredentialsPanel credentials={credentials} analyses={analyses} createFeedback={createFeedback} />
          {results.length > 0 && <AnalysisResults results={results} />}
        </div>
        <aside className="space-y-6">
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
