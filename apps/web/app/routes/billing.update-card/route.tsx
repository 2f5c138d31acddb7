import { ROUTES, type UpdateCardPlan, type UpdateCardResponse } from '@app/contracts';
import { formatUsd, parseCardUpdateForm } from '@app/domain';
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { TestCardFields } from '~/components/payment/test-card-fields';
import { UpdateCardStripe } from './update-card-stripe.client';
import { ApiError, callApi } from '~/lib/api.server';
import { useHydrated } from '~/lib/use-hydrated';
import { apiFieldErrors, formTrimmed, parseForm } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Update your card' }];

type LoaderData =
  | { ok: true; token: string; plan: UpdateCardPlan; returnedSetupIntent: string | null }
  | { ok: false; message: string };

/** The link of a declined-installment mail: the API checks the signed token and says which plan it is for. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  if (!token) return { ok: false, message: 'This link is incomplete. Please open the link from your email again.' };
  try {
    const plan = await callApi(ROUTES.updateCardPlan, { query: { token } });
    // Stripe sends the browser back here after a card that needed a bank check (3-D Secure).
    return { ok: true, token, plan, returnedSetupIntent: url.searchParams.get('setup_intent') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { ok: false, message: error.body?.message ?? error.message };
    throw error;
  }
}

/**
 * `charged`: the form was for a past-due month (no `wasDue` field, as the Stripe island posts, counts as one).
 * A refusal carries each field's message; card data is never sent back to the page.
 */
type ActionData =
  { result: UpdateCardResponse; charged: boolean } | { error: string; fieldErrors?: Partial<Record<string, string>> };

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  // The update-card form's schema (libs/domain card-update-form.ts), which the API's DTO runs too.
  const parsed = parseForm(form, parseCardUpdateForm);
  if (!parsed.ok) {
    const { fieldErrors } = parsed;
    return data<ActionData>({ error: Object.values(fieldErrors)[0] ?? 'Check the card', fieldErrors }, { status: 400 });
  }
  try {
    const result = await callApi(ROUTES.updateCard, { body: parsed.value, request });
    return { result, charged: formTrimmed(form, 'wasDue') !== '0' && result.planStatus !== 'past_due' };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return data<ActionData>(
        { error: error.body?.message ?? error.message, fieldErrors: apiFieldErrors(error) },
        { status: error.status },
      );
    }
    throw error;
  }
}

function planStatusLine(plan: Pick<UpdateCardPlan, 'installmentsPaid' | 'installmentsTotal' | 'planStatus'>): string {
  const paid = `${plan.installmentsPaid} of ${plan.installmentsTotal} installments paid`;
  if (plan.planStatus === 'past_due') return `${paid}; installment ${plan.installmentsPaid + 1} is past due.`;
  if (plan.planStatus === 'completed') return `${paid}: your plan is paid in full.`;
  return `${paid}: your plan is up to date.`;
}

export default function UpdateCardPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();

  if (!data.ok) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-2xl font-bold">Update your card</h1>
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-800">
          {data.message}
        </p>
      </main>
    );
  }
  const { plan, token } = data;
  const result = actionData && 'result' in actionData ? actionData.result : null;
  const failure = actionData && 'error' in actionData ? actionData.error : (result?.message ?? null);
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined;
  const current = result ?? plan;
  const due = current.planStatus === 'past_due';
  // A plan still charging takes a new card at any time (from the account); only a past-due one is charged at once.
  const charging = due || current.planStatus === 'active';
  const amountLabel = formatUsd(plan.installmentAmount);
  const submitLabel = due ? `Save card and pay ${amountLabel}` : 'Save card';

  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Update your card</h1>
        <p className="mt-2 text-slate-700">{plan.trainings.join(', ')}</p>
        <p className="mt-1 text-slate-700" data-testid="plan-status">
          {planStatusLine(current)}
        </p>
        {result && !result.message ? (
          <p role="status" className="mt-4 rounded-md bg-green-50 p-4 text-green-800">
            Thank you: your new card is saved
            {actionData && 'charged' in actionData && actionData.charged
              ? ` and installment ${result.installmentsPaid} of ${result.installmentsTotal} is paid`
              : ''}
            .
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-800">
            {failure}
          </p>
        ) : null}
        {charging ? (
          <div className="mt-6">
            <p className="mb-4 text-slate-700">
              {due
                ? `Your new card is charged ${amountLabel} now for the past-due installment, then monthly for the rest of the plan.`
                : 'Your new card is charged for the remaining installments, on their dates; nothing is charged now.'}
            </p>
            {plan.testMode ||
            data.returnedSetupIntent ||
            !hydrated ||
            !plan.setupClientSecret ||
            !plan.publishableKey ? (
              <Form method="post" className="space-y-4">
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="wasDue" value={due ? '1' : '0'} />
                {plan.testMode ? (
                  <TestCardFields errors={fieldErrors} />
                ) : data.returnedSetupIntent ? (
                  <input type="hidden" name="setupIntentId" value={data.returnedSetupIntent} />
                ) : (
                  <p className="text-sm text-slate-600">The card form needs JavaScript to reach Stripe.</p>
                )}
                {plan.testMode || data.returnedSetupIntent ? (
                  <button
                    type="submit"
                    disabled={navigation.state !== 'idle'}
                    className="rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
                  >
                    {navigation.state !== 'idle' ? 'Processing...' : submitLabel}
                  </button>
                ) : null}
              </Form>
            ) : (
              <UpdateCardStripe
                publishableKey={plan.publishableKey}
                clientSecret={plan.setupClientSecret}
                token={token}
                submitLabel={submitLabel}
              />
            )}
          </div>
        ) : null}
      </div>
    </main>
  );
}
