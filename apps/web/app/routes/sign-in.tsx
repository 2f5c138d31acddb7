import { ROUTES } from '@app/contracts';
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
import { buttonClass } from '~/components/ui/form-styles';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import {
  applicantCookieFor,
  applicantToken,
  clearSignInBinding,
  optionalApplicant,
  optionalSignInBinding,
} from '~/lib/applicant.server';
import { APPLICANT_TOKEN_HEADER } from '@app/contracts';
import { formText } from '~/lib/forms.server';

// same-origin, not no-referrer: the token in this page's URL never leaves the site, while the form's POST keeps its
// Origin header (no-referrer sends 'null', which React Router refuses as a cross-site action).
export const meta: MetaFunction = () => [
  { title: 'Sign in to your evaluation' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * The mailed link lands here. Opening it changes nothing: mail scanners fetch links, and a single-use link spent by
 * a scanner would never work for the person. The page says which address the link signs in to (a link someone else
 * asked for and forwarded shows their address), and the button posts it. A browser with records of its own that did
 * not ask for a link here is offered to add them to that account (unticked): where it asked, they join anyway.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const [applicant, binding] = await Promise.all([optionalApplicant(request), optionalSignInBinding(request)]);
  let email: string | null = null;
  let problem: string | null = token ? null : INCOMPLETE;
  if (token) {
    try {
      email = (await callApi(ROUTES.signInPreview, { body: { token }, request })).email;
    } catch (error) {
      if (!(error instanceof ApiError && error.status < 500)) throw error;
      problem = error.body?.message ?? error.text;
    }
  }
  return { token, email, problem, offerKeep: applicant !== null && binding === null };
}

const INCOMPLETE = 'This sign-in link is incomplete; open the link from the email again';

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = formText(form, 'token');
  if (!token) return data({ message: INCOMPLETE }, { status: 400 });
  const [current, binding] = await Promise.all([optionalApplicant(request), optionalSignInBinding(request)]);
  try {
    const result = await callApi(ROUTES.signIn, {
      body: {
        token,
        ...(binding ? { browserBinding: binding } : {}),
        ...(form.get('keep') === 'yes' ? { keepThisBrowsersRecords: true } : {}),
      },
      request,
      // Which browser this is: its anonymous records join when the binding matches or the person ticked the box.
      headers: current ? { [APPLICANT_TOKEN_HEADER]: applicantToken(current) } : undefined,
    });
    // This browser, the one that used the link, now carries the account and its new session (a session it had with
    // another account ended in the API).
    const headers = new Headers({ 'Set-Cookie': await applicantCookieFor(result.applicantId, result.sessionToken) });
    if (binding) headers.append('Set-Cookie', await clearSignInBinding());
    return redirect('/account?notice=signed-in', { headers });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return data({ message: error.body?.message ?? error.text }, { status: error.status });
    }
    throw error;
  }
}

export default function SignInPage() {
  const { token, email, problem, offerKeep } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const message = result?.message ?? problem;
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to your evaluation</h1>
        <p className="mt-2 text-sm text-slate-700">
          This link works once, for 15 minutes, and signs this browser in. Records made in the browser where you asked
          for it join your account when you sign in there.
        </p>
        {email && (
          <p className="mt-3 text-sm text-slate-900" data-testid="sign-in-address">
            This link signs you in as <strong>{email}</strong>.
          </p>
        )}
        {message && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {message}
          </p>
        )}
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          {offerKeep && (
            <div className="mb-4 flex items-start gap-2 text-sm text-slate-700">
              <input
                id="keep-records"
                type="checkbox"
                name="keep"
                value="yes"
                className="mt-1 h-4 w-4 rounded border-slate-400"
              />
              <label htmlFor="keep-records">
                Add the records made in this browser to {email ? `the account of ${email}` : 'this account'}. Leave it
                unticked if someone else made them or if you did not ask for this link.
              </label>
            </div>
          )}
          <button type="submit" className={`${buttonClass} w-full`}>
            Sign in
          </button>
        </Form>
        <p className="mt-4 text-sm">
          <Link to="/evaluation" className="text-teal-800 underline">
            Back to the evaluation
          </Link>
        </p>
      </div>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
