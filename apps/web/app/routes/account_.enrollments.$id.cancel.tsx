import { ROUTES } from '@app/contracts';
import { formatCents, formatLongDateUtc } from '@app/domain';
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { accountApi, requireAccountApplicant } from '~/lib/account.server';
import { ApiError } from '~/lib/api.server';
import { cacheControlFromLoader, PRIVATE_PAGE } from '~/lib/page-sharing';

export const meta: MetaFunction = () => [{ title: 'Cancel my plan' }];
export const headers = cacheControlFromLoader;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const applicant = await requireAccountApplicant(request);
  const account = await accountApi(applicant, ROUTES.account, { request });
  const training = account.trainings.find((candidate) => candidate.enrollmentId === params.id);
  if (!training) throw new Response('Enrollment not found', { status: 404 });
  return data({ training }, { headers: PRIVATE_PAGE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const applicant = await requireAccountApplicant(request);
  try {
    await accountApi(applicant, ROUTES.accountCancelPlan, { params: { id: params.id ?? '' }, request });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return data({ message: error.body?.message ?? error.text }, { status: 409 });
    }
    throw error;
  }
  return redirect('/account?notice=plan-cancelled');
}

/** The confirmation step: what stops, what does not (refunds), then one button. */
export default function CancelPlanPage() {
  const { training } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const upcoming = training.upcomingCharges;
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <BackLink to="/account" className="mb-4 text-sm">
        Back to my account
      </BackLink>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="cancel-title">
        <h1 id="cancel-title" className="text-2xl font-bold">
          Cancel my plan
        </h1>
        <p className="mt-2 text-sm text-slate-700">
          {training.trainingName}
          {training.cohortLabel ? `, ${training.cohortLabel}` : ''}: {training.progressLabel}.
        </p>
        {result?.message && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {result.message}
          </p>
        )}
        {training.canCancel ? (
          <>
            <p className="mt-4 text-sm">If you cancel:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>
                The {upcoming.length} remaining installment{upcoming.length === 1 ? '' : 's'} (
                {upcoming
                  .map((charge) => `${formatLongDateUtc(new Date(charge.dueAt))}: ${formatCents(charge.amountCents)}`)
                  .join('; ')}
                ) will not be charged.
              </li>
              <li>Your enrollment is cancelled and your seat in the cohort is released.</li>
              <li>
                <strong>No refund is made automatically.</strong> What you have paid ({formatCents(training.paidCents)})
                stays paid; a refund remains the provider’s decision, which you can ask for by replying to the mail we
                send you.
              </li>
            </ul>
            <Form method="post" className="mt-6">
              <button
                type="submit"
                className="w-full rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
              >
                Cancel my plan
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-4 text-sm text-slate-700">This plan has nothing left to cancel.</p>
        )}
      </section>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
