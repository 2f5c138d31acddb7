import { ROUTES, type Cohort } from '@app/contracts';
import {
  cohortMonthLabel,
  customerFormMessage,
  MAX_CUSTOMER_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  parseCustomerForm,
  type CustomerFormErrors,
} from '@app/domain';
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
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { apiFieldErrors, parseForm } from '~/lib/forms.server';

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

interface WaitlistActionData {
  ok: boolean;
  message: string;
  name: string;
  email: string;
  fieldErrors?: CustomerFormErrors;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const cohort = await findCohort(params.cohortId ?? '');
  const parsed = parseForm(await request.formData(), parseCustomerForm);
  const typed = { name: parsed.values.name ?? '', email: parsed.values.email ?? '' };
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    const message = customerFormMessage(fieldErrors) ?? 'Please correct the marked fields';
    return data<WaitlistActionData>({ ok: false, message, ...typed, fieldErrors }, { status: 400 });
  }
  try {
    await callApi(ROUTES.joinWaitlist, { params: { id: cohort.id }, body: parsed.value, request });
  } catch (error) {
    if (error instanceof ApiError)
      return data<WaitlistActionData>(
        { ok: false, message: error.text, ...typed, fieldErrors: apiFieldErrors(error) },
        { status: error.status === 409 ? 409 : 400 },
      );
    throw error;
  }
  return data<WaitlistActionData>({
    ok: true,
    message: 'You are on the waitlist. We will write to you if a seat frees up.',
    ...typed,
  });
}

export default function WaitlistPage() {
  const { cohort } = useLoaderData<typeof loader>();
  const result = useActionData<WaitlistActionData>();
  const errors = result?.fieldErrors ?? {};
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
              maxLength={MAX_CUSTOMER_NAME_LENGTH}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
              {...fieldErrorProps('waitlist-name-error', errors.name)}
            />
            <FieldError id="waitlist-name-error" message={errors.name} />
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
              maxLength={MAX_EMAIL_LENGTH}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-invalid:border-red-600"
              {...fieldErrorProps('waitlist-email-error', errors.email)}
            />
            <FieldError id="waitlist-email-error" message={errors.email} />
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
