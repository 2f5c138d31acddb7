import { ROUTES, type Cohort } from '@app/contracts';
import { cohortMonthLabel, isValidEmail, validateCustomer } from '@app/domain';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import { BackLink } from '~/components/back-link';

export const meta: MetaFunction = () => [{ title: 'Join the waitlist' }];

async function findCohort(cohortId: string): Promise<Cohort> {
  const cohorts = await callApi(ROUTES.cohorts);
  const cohort = cohorts.find((c) => c.id === cohortId);
  if (!cohort) throw new Response('Cohort not found', { status: 404 });
  return cohort;
}

export async function loader({ params }: LoaderFunctionArgs) {
  return data({ cohort: await findCohort(params.cohortId ?? '') });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const cohort = await findCohort(params.cohortId ?? '');
  const form = await request.formData();
  const name = String(form.get('name') ?? '').trim();
  const email = String(form.get('email') ?? '').trim();
  const missing = validateCustomer({ name, email });
  if (missing) return data({ ok: false, message: missing.message, name, email }, { status: 400 });
  if (!isValidEmail(email))
    return data({ ok: false, message: 'Please enter a valid email address', name, email }, { status: 400 });
  try {
    await callApi(ROUTES.joinWaitlist, { params: { id: cohort.id }, body: { name, email }, request });
  } catch (error) {
    if (error instanceof ApiError)
      return data({ ok: false, message: error.text, name, email }, { status: error.status === 409 ? 409 : 400 });
    throw error;
  }
  return data({ ok: true, message: 'You are on the waitlist. We will write to you if a seat frees up.', name, email });
}

export default function WaitlistPage() {
  const { cohort } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-bold">Join the waitlist</h1>
      <p className="mt-2 text-slate-600">
        {cohort.trainingName}, {cohortMonthLabel(cohort.cohortMonth)}
        {cohort.seatsLeft === 0 ? ' is full.' : ` has ${cohort.seatsLeft ?? 'open'} seat(s): you can enroll now.`}
      </p>
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`mt-4 rounded border px-3 py-2 ${result.ok ? 'border-emerald-300 bg-emerald-50' : 'border-red-300 bg-red-50'}`}
        >
          {result.message}
        </p>
      ) : null}
      {result?.ok ? null : (
        <Form method="post" className="mt-6 space-y-4">
          <div>
            <label htmlFor="waitlist-name" className="block text-sm font-medium">
              Full Name
            </label>
            <input
              id="waitlist-name"
              name="name"
              defaultValue={result?.name}
              maxLength={200}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="waitlist-email" className="block text-sm font-medium">
              Email address
            </label>
            <input
              id="waitlist-email"
              name="email"
              type="email"
              defaultValue={result?.email}
              maxLength={254}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded bg-teal-700 px-4 py-2 font-medium text-white">
            Join Waitlist
          </button>
        </Form>
      )}
      <BackLink to="/paymentplan" className="mt-8">
        Back to Payment Plan
      </BackLink>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
