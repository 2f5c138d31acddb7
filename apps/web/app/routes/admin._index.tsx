import { ROUTES } from '@app/contracts';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { buttonClass, inputClass } from '~/components/ui/form-styles';
import { ToastNotice } from '~/components/admin/toast-notice';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError, callApi, SERVICE_UNAVAILABLE_TEXT } from '~/lib/api.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { createAdminSession, getSession, newToast, takeToast } from '~/lib/session.server';
import { LabeledField } from '~/components/admin/form-field';
import { BackLink } from '~/components/back-link';

export const meta: MetaFunction = () => [{ title: 'Admin Login' }];

const PANEL = '/admin/panel';

/** Where to go after logging in: ?redirectTo= when it is a path on this site (the evaluation page sends admins here). */
function returnPath(request: Request): string {
  return safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), PANEL);
}

export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getSession(request)).get('adminToken')) throw redirect(returnPath(request));
  const { toast, headers } = await takeToast(request);
  return data({ toast }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const username = String(form.get('username') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (!username || !password) {
    return data(
      { toast: newToast('error', 'Error', 'Please enter your username and password'), username },
      { status: 400 },
    );
  }
  try {
    const result = await callApi(ROUTES.adminLogin, { body: { username, password }, request });
    if (!result.success || !result.token) {
      return data(
        { toast: newToast('error', 'Error', result.message || 'Invalid username or password'), username },
        { status: 401 },
      );
    }
    // An evaluator reviews credentials only: the enrollment panel is not theirs.
    const requested = returnPath(request);
    const to = result.role === 'evaluator' && requested === PANEL ? '/admin/reviews' : requested;
    // Only the admin pages show flashed toasts; elsewhere it would linger until the next admin page.
    const toast = to.startsWith('/admin') ? newToast('success', 'Success', 'Login successful') : null;
    return createAdminSession(request, result.token, toast, to);
  } catch (error) {
    // The spec's three failure notices: the server's own message, the generic wrong-credentials text, or a plain failure.
    if (error instanceof ApiError && error.status < 500) {
      const message = error.body?.message || 'Invalid username or password';
      return data({ toast: newToast('error', 'Error', message), username }, { status: error.status });
    }
    if (error instanceof Response && error.status === 503) {
      return data({ toast: newToast('error', 'Error', SERVICE_UNAVAILABLE_TEXT), username }, { status: 503 });
    }
    return data({ toast: newToast('error', 'Error', 'Login failed. Please try again.'), username }, { status: 502 });
  }
}

export default function AdminLoginPage() {
  const { toast } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <ToastNotice toast={result?.toast ?? toast} />
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <Form method="post" className="mt-6 space-y-4">
          <LabeledField id="username" label="Username">
            <input
              id="username"
              name="username"
              autoComplete="username"
              required
              defaultValue={result?.username ?? ''}
              className={inputClass}
            />
          </LabeledField>
          <LabeledField id="password" label="Password">
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={inputClass}
            />
          </LabeledField>
          <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
        </Form>
      </div>
      <BackLink to="/paymentplan" className="mt-6 text-center">
        Back to Payment Plan
      </BackLink>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
