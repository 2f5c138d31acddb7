import { ROUTES, type AccountOverview, type CredentialOverview } from '@app/contracts';
import { ERASURE_STATEMENT, parseSignInLinkForm, REVIEW_QUEUE_LABELS, reviewQueueStatus } from '@app/domain';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { accountApi, signedOutHeaders, signOut } from '~/lib/account.server';
import { ApiError } from '~/lib/api.server';
import { apiFieldErrors, formText, parseForm } from '~/lib/forms.server';
import { SignInLinkForm } from '~/components/sign-in-link-form';
import { applicantApi, optionalApplicant, signInLinkRequest } from '~/lib/applicant.server';
import { PRIVATE_PAGE } from '~/lib/page-sharing';
import { ACCOUNT_NOTICES } from './account-notices';
import { TrainingCard } from './training-card';

export const meta: MetaFunction = () => [{ title: 'My account' }];

/** The page carries its loader's and action's cookies and Cache-Control (React Router drops them otherwise). */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    const cacheControl = source.get('Cache-Control');
    if (cacheControl) out.set('Cache-Control', cacheControl);
    for (const cookie of source.getSetCookie()) out.append('Set-Cookie', cookie);
  }
  return out;
};

export interface EvaluationSummary {
  id: string;
  name: string;
  documents: number;
  status: string;
  reviewStatus: string | null;
  awardedCredits: number | null;
  rejectionReason: string | null;
}

const CREDENTIAL_STATUS_LABELS: Record<CredentialOverview['status'], string> = {
  pending: 'Not analyzed yet',
  analyzing: 'Being analyzed',
  completed: 'Evaluated',
  failed: 'Analysis failed',
};

function evaluationSummary(credential: CredentialOverview): EvaluationSummary {
  const queue = reviewQueueStatus(credential.status, credential.review);
  return {
    id: credential.id,
    name: credential.name,
    documents: credential.documents.length,
    status: CREDENTIAL_STATUS_LABELS[credential.status],
    reviewStatus: queue ? REVIEW_QUEUE_LABELS[queue] : null,
    awardedCredits: credential.review?.awardedCredits ?? null,
    rejectionReason: credential.review?.rejectionReason ?? null,
  };
}

type LoaderData =
  | { signedIn: false; notice: string | null }
  | {
      signedIn: true;
      notice: string | null;
      account: AccountOverview;
      evaluations: EvaluationSummary[];
    };

export async function loader({ request }: LoaderFunctionArgs) {
  const notice = ACCOUNT_NOTICES[new URL(request.url).searchParams.get('notice') ?? ''] ?? null;
  const applicant = await optionalApplicant(request);
  const anonymous = (headers: Headers = new Headers()) => {
    for (const [name, value] of Object.entries(PRIVATE_PAGE)) headers.set(name, value);
    return data<LoaderData>({ signedIn: false, notice }, { headers });
  };
  if (!applicant) return anonymous();
  let account: AccountOverview;
  try {
    // The API checks the session here (signed out, everywhere or elsewhere, erased or expired: 401).
    account = await applicantApi(applicant, ROUTES.account, { request });
  } catch (error) {
    // A browser with records but no account (it never signed in by email link), or whose session has ended: that
    // browser's cookie goes, so the header stops showing an account too.
    if (error instanceof ApiError && error.status === 401) {
      return anonymous(applicant.session ? signedOutHeaders() : undefined);
    }
    throw error;
  }
  const credentials = await applicantApi(applicant, ROUTES.credentials, { request });
  return data<LoaderData>(
    { signedIn: true, notice, account, evaluations: credentials.map(evaluationSummary) },
    { headers: PRIVATE_PAGE },
  );
}

type ActionData =
  | { intent: 'email-link'; ok: boolean; email: string; message: string }
  | { intent: string; ok: false; message: string };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === 'sign-out' || intent === 'sign-out-everywhere') {
    const everywhere = intent === 'sign-out-everywhere';
    const headers = await signOut(request, everywhere);
    return redirect(`/account?notice=${everywhere ? 'signed-out-everywhere' : 'signed-out'}`, { headers });
  }
  if (intent === 'email-link') {
    const parsed = parseForm(form, parseSignInLinkForm);
    const email = (parsed.values.email ?? '').trim();
    if (!parsed.ok) {
      return data<ActionData>(
        { intent, ok: false, email, message: parsed.fieldErrors.email ?? 'Enter a valid email address' },
        { status: 400 },
      );
    }
    const { headers, send } = await signInLinkRequest(request, parsed.value.email);
    try {
      const sent = await send();
      return data<ActionData>({ intent, ok: true, email, message: sent.message }, { headers });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const message = apiFieldErrors(error).email ?? error.body?.message ?? error.text;
      return data<ActionData>({ intent, ok: false, email, message }, { status: error.status, headers });
    }
  }
  if (intent === 'update-card') {
    const applicant = await optionalApplicant(request);
    if (!applicant) return redirect('/account');
    const enrollmentId = formText(form, 'enrollmentId');
    try {
      const link = await accountApi(applicant, ROUTES.accountUpdateCardLink, {
        params: { id: enrollmentId },
        request,
      });
      return redirect(link.path);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return data<ActionData>(
          { intent, ok: false, message: error.body?.message ?? error.text },
          { status: error.status },
        );
      }
      throw error;
    }
  }
  return data<ActionData>({ intent: 'unknown', ok: false, message: 'Unknown action' }, { status: 400 });
}

export default function AccountPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">My account</h1>
      {page.notice && (
        <p role="status" className="mt-3 rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900">
          {page.notice}
        </p>
      )}
      {result && !result.ok && result.intent !== 'email-link' && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.message}
        </p>
      )}
      {page.signedIn ? (
        <SignedIn account={page.account} evaluations={page.evaluations} />
      ) : (
        <SignInRequest result={result && result.intent === 'email-link' && 'email' in result ? result : null} />
      )}
    </main>
  );
}

function SignInRequest({ result }: { result: { ok: boolean; email: string; message: string } | null }) {
  return (
    <section
      aria-labelledby="sign-in-title"
      className="mt-6 max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="sign-in-title" className="text-lg font-semibold">
        Sign in
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Use the email address of your purchase or your evaluation. We email you a link that signs you in once, for 15
        minutes. No password needed.
      </p>
      <SignInLinkForm
        id="account-email"
        defaultEmail={result?.email ?? ''}
        feedback={result && { ok: result.ok, message: result.message, invalid: !result.ok }}
      />
    </section>
  );
}

function SignedIn({ account, evaluations }: { account: AccountOverview; evaluations: EvaluationSummary[] }) {
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <p>
          Signed in as <strong>{account.email}</strong>
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out" />
          <button
            type="submit"
            className="rounded-md border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            Sign out
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button
            type="submit"
            className="rounded-md border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
          >
            Sign out everywhere
          </button>
        </Form>
      </div>

      <AccountSection id="trainings-title" title="My trainings" className="mt-8">
        {account.trainings.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            No training is enrolled under this address. Purchases made with another email address show in that address’s
            account.
          </p>
        ) : (
          <ul className="mt-3 space-y-4">
            {account.trainings.map((training) => (
              <li key={training.enrollmentId}>
                <TrainingCard training={training} />
              </li>
            ))}
          </ul>
        )}
      </AccountSection>

      <AccountSection id="evaluations-title" title="My evaluations" className="mt-10">
        {evaluations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            No credential yet.{' '}
            <a className="text-teal-800 underline" href="/evaluation">
              Start an evaluation
            </a>
            .
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {evaluations.map((evaluation) => (
              <li key={evaluation.id} className="p-4 text-sm">
                <p className="font-medium">{evaluation.name}</p>
                <p className="text-slate-700">
                  {evaluation.documents} document{evaluation.documents === 1 ? '' : 's'} · {evaluation.status}
                  {evaluation.reviewStatus ? ` · ${evaluation.reviewStatus}` : ''}
                  {evaluation.awardedCredits !== null ? `: ${evaluation.awardedCredits} quarter credits` : ''}
                </p>
                {evaluation.rejectionReason && <p className="text-slate-700">Reason: {evaluation.rejectionReason}</p>}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm">
          <a className="text-teal-800 underline" href="/evaluation">
            Open the evaluation page
          </a>
        </p>
      </AccountSection>

      <AccountSection id="certificates-title" title="My certificates" className="mt-10">
        <p className="mt-2 text-sm text-slate-700">
          Certificates of completion and evaluation reports, each signed so that anyone can check it.{' '}
          <a className="text-teal-800 underline" href="/certificates">
            Open my certificates
          </a>
        </p>
      </AccountSection>

      <AccountSection id="data-title" title="My data" className="mt-10 rounded-xl border border-slate-200 bg-white p-6">
        <p className="mt-2 text-sm">
          <a className="font-medium text-teal-800 underline" href="/account/data" download>
            Download my data
          </a>{' '}
          (a JSON file of your enrollments, payments, receipt numbers, credentials and evaluations).
        </p>
        <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <StatementList title="Erasure removes" lines={ERASURE_STATEMENT.removes} />
          <StatementList title="We must keep" lines={ERASURE_STATEMENT.kept} />
        </div>
        <p className="mt-3 text-sm text-slate-700">
          To have your data erased, write to the provider from this address: staff erase it by email.
        </p>
      </AccountSection>
    </>
  );
}

/** One part of the signed-in page, under its heading. */
function AccountSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Half of the erasure statement: what goes, or what stays. */
function StatementList({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
