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
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import { applicantCookieFor, applicantToken, optionalApplicantId } from '~/lib/applicant.server';
import { APPLICANT_TOKEN_HEADER } from '@app/contracts';

// same-origin, not no-referrer: the token in this page's URL never leaves the site, while the form's POST keeps its
// Origin header (no-referrer sends 'null', which React Router refuses as a cross-site action).
export const meta: MetaFunction = () => [
  { title: 'Sign in to your evaluation' },
  { name: 'referrer', content: 'same-origin' },
];

/**
 * The mailed link lands here. Opening it changes nothing: mail scanners fetch links, and a single-use link spent by
 * a scanner would never work for the person. The button posts it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  if (!token)
    return data({ message: 'This sign-in link is incomplete; open the link from the email again' }, { status: 400 });
  const current = await optionalApplicantId(request);
  try {
    const result = await callApi(ROUTES.signIn, {
      body: { token },
      request,
      // This browser's anonymous records join the account too.
      headers: current ? { [APPLICANT_TOKEN_HEADER]: applicantToken(current) } : undefined,
    });
    return redirect('/account?notice=signed-in', {
      headers: { 'Set-Cookie': await applicantCookieFor(result.applicantId) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return data({ message: error.body?.message ?? error.text }, { status: error.status });
    }
    throw error;
  }
}

export default function SignInPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to your evaluation</h1>
        <p className="mt-2 text-sm text-slate-700">
          This link works once, for 15 minutes. Records you created in this browser join your account.
        </p>
        {result?.message && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {result.message}
          </p>
        )}
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="w-full rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
          >
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
