import { ROUTES, isTrainingName, type PaymentPlanResponse } from '@app/contracts';
import { cohortMonthLabel, formatUsd, installmentCount, paymentOptionTitle } from '@app/domain';
import {
  data,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { useEffect, useRef } from 'react';
import { AppliedSummary } from './applied-summary';
import { CheckoutForm } from './checkout-form';
import { PlanList } from './plan-list';
import { StripeCheckout } from './stripe-checkout.client';
import { SupportLink } from './support-link';
import { TestCardFields } from '~/components/payment/test-card-fields';
import { useHydrated } from '~/lib/use-hydrated';
import { callApi } from '~/lib/api.server';
import { cacheControlFromLoader, PRIVATE_PAGE, SHARED_PAGE, SHARED_WITH_EVERY_VISITOR } from '~/lib/page-sharing';
import { notify } from '~/lib/toast';
import { pay, readPayValues, successUrl } from './checkout.server';
import {
  bundleCheckoutSearch,
  CARD_NEEDS_JAVASCRIPT,
  checkBundle,
  checkoutAmount,
  readView,
  savesCardForLater,
  SUCCESS_REDIRECT_DELAY_MS,
  SUCCESS_TITLE,
  successMessage,
  type BundleSlot,
  type PaymentActionData,
} from './checkout-state';
import { formList } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Payment Plan' }];

/** The loader reads only the URL and the catalog, never the visitor: signed-in visitors share its render too. */
export const handle = SHARED_WITH_EVERY_VISITOR;

/** The page's data in one API call (prices, bundles, cohorts, payment config). */
function catalog(): Promise<PaymentPlanResponse> {
  return callApi(ROUTES.paymentPlan);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { trainings, bundles, cohorts, config } = await catalog();
  const view = readView(new URL(request.url), cohorts, bundles);
  // Loaders only read: the checkout shows the price, and its payment is created when the buyer submits (action).
  const amount = checkoutAmount(view, trainings, bundles);
  // The price list is the same for every visitor; a checkout page is kept private all the same.
  return data(
    { trainings, bundles, cohorts, config, view, amount },
    { headers: view.kind === 'list' ? SHARED_PAGE : PRIVATE_PAGE },
  );
}

export const headers = cacheControlFromLoader;

/** A failed or enhanced "Pay now" keeps the checkout as it is (the action's answer carries the payment it created). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod === 'POST' && currentUrl.search === nextUrl.search && currentUrl.pathname === nextUrl.pathname)
    return false;
  return defaultShouldRevalidate;
};

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const step = form.get('intent');

  if (step === 'bundle-select') {
    const size = form.get('bundleSize') === '2' ? 2 : 3;
    const rawTrainings = formList(form, 't').slice(0, size);
    const rawCohorts = formList(form, 'c').slice(0, size);
    const trainings = Array.from({ length: size }, (_, i) => (isTrainingName(rawTrainings[i]) ? rawTrainings[i] : ''));
    const { cohorts, bundles } = await catalog();
    // A cohort chosen for a slot whose training then changed (a form sent without JavaScript) no longer counts.
    const cohortIds = Array.from({ length: size }, (_, i) =>
      cohorts.some((cohort) => cohort.id === rawCohorts[i] && cohort.trainingName === trainings[i])
        ? rawCohorts[i]
        : null,
    );
    const failure = checkBundle(size, trainings, cohortIds, cohorts, bundles);
    if (failure) {
      const answer: PaymentActionData = {
        form: 'bundle',
        failure,
        size,
        trainings: rawTrainings,
        cohortIds: rawCohorts,
      };
      return data(answer, { status: 400 });
    }
    const slots: BundleSlot[] = [];
    trainings.forEach((trainingName, i) => {
      if (trainingName) slots.push({ trainingName, cohortId: cohortIds[i] });
    });
    const search = bundleCheckoutSearch(size, slots);
    return redirect(`${url.pathname}${search}`);
  }

  if (step === 'pay') {
    const { cohorts, bundles, config } = await catalog();
    const applyOnly = form.get('applyCode') === '1';
    const view = readView(url, cohorts, bundles);
    const outcome = await pay(form, view, cohorts, config.testMode, { applyOnly, request });
    if (!outcome.ok) {
      const answer: PaymentActionData = {
        form: 'pay',
        failure: outcome.failure,
        values: readPayValues(form),
        intent: outcome.intent,
      };
      return data(answer, { status: 400 });
    }
    const { intent } = outcome;
    // "Apply code": the buyer's details and code are stored and the new price shown; nothing is paid yet.
    if (applyOnly)
      return data<PaymentActionData>({ form: 'pay', applied: outcome.summary, values: readPayValues(form), intent });
    if (!config.testMode && !outcome.free) {
      // Only Stripe's card form takes a card; without JavaScript only a free checkout can be completed.
      if (form.get('js') !== '1') {
        const answer: PaymentActionData = {
          form: 'pay',
          failure: CARD_NEEDS_JAVASCRIPT,
          values: readPayValues(form),
          intent,
        };
        return data(answer, { status: 400 });
      }
      return data<PaymentActionData>({ form: 'pay', stripeReady: true, intent });
    }
    const redirectTo = successUrl(intent.paymentIntentId, intent.clientSecret);
    // Without JavaScript nobody can show the success notice or wait a second: go straight to the success page.
    if (form.get('js') !== '1') return redirect(redirectTo);
    const kind = form.get('kind') === 'bundle' ? 'bundle' : 'single';
    return data<PaymentActionData>({
      form: 'pay',
      success: { title: SUCCESS_TITLE, message: successMessage(kind), redirectTo },
      intent,
    });
  }

  throw new Response('Unknown form', { status: 400 });
}

const SLIDE_IN = '@keyframes slide-in{from{transform:translateX(2rem);opacity:0}to{transform:none;opacity:1}}';

export default function PaymentPlanPage() {
  const { trainings, bundles, cohorts, config, view, amount } = useLoaderData<typeof loader>();
  const actionData = useActionData<PaymentActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const announced = useRef<PaymentActionData | undefined>(undefined);

  useEffect(() => {
    if (!actionData || announced.current === actionData) return;
    announced.current = actionData;
    if ('failure' in actionData) notify.error(actionData.failure.title, actionData.failure.message);
    if ('success' in actionData) notify.success(actionData.success.title, actionData.success.message);
  }, [actionData]);

  const redirectTo = actionData && 'success' in actionData ? actionData.success.redirectTo : null;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a new success starts the countdown; re-renders in between must not restart or cancel it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirectTo]);

  const backTo = location.pathname;
  const target =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  const loadingCheckout = target !== null && /[?&](training|checkout)=/.test(target.search);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent');
  const payFailure = actionData?.form === 'pay' && 'failure' in actionData ? actionData : null;
  const applied = actionData?.form === 'pay' && 'applied' in actionData ? actionData : null;
  const success = actionData?.form === 'pay' && 'success' in actionData ? actionData.success : null;
  const bundleFailure = actionData?.form === 'bundle' ? actionData : null;
  // The applied code leaves nothing to pay: no card fields, "Enroll for free".
  const free = applied?.applied.free ?? false;
  // The payment the buyer's first submission created, sent again with every later one.
  const intent = actionData?.form === 'pay' ? actionData.intent : null;

  let content;
  if (target && !loadingCheckout && view.kind !== 'list') {
    content = (
      <p role="status" className="mt-6 text-slate-600">
        Loading pricing...
      </p>
    );
  } else if (loadingCheckout) {
    content = (
      <p role="status" className="mt-6 text-slate-600">
        Loading payment setup...
      </p>
    );
  } else if (view.kind === 'list') {
    content = (
      <PlanList
        trainings={trainings}
        bundles={bundles}
        cohorts={cohorts}
        bundleSize={bundleFailure?.size ?? view.bundleSize}
        bundleFailure={bundleFailure?.failure ?? null}
        bundleDefaults={{ trainings: bundleFailure?.trainings ?? [], cohortIds: bundleFailure?.cohortIds ?? [] }}
        busy={submitting === 'bundle-select'}
      />
    );
  } else {
    const isBundle = view.kind === 'bundle';
    const single = view.kind === 'single' ? view : null;
    const pricing = single ? trainings.find((t) => t.trainingName === single.trainingName) : undefined;
    const trainingCohorts = single ? cohorts.filter((c) => c.trainingName === single.trainingName) : [];
    const formProps =
      amount !== null
        ? {
            kind: isBundle ? ('bundle' as const) : ('single' as const),
            paymentIntentId: intent?.paymentIntentId ?? '',
            clientSecret: intent?.clientSecret ?? '',
            trainingName: single?.trainingName,
            cohorts: trainingCohorts,
            bundleSlots: view.kind === 'bundle' ? view.slots : undefined,
            values: payFailure?.values ??
              applied?.values ?? { customerName: '', customerEmail: '', cohortId: '', promotionCode: '' },
            backTo,
          }
        : null;
    content = (
      <section
        className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        style={{ animation: 'slide-in 200ms ease-out' }}
        data-testid="checkout-panel"
      >
        <style>{SLIDE_IN}</style>
        <h2 className="text-xl font-semibold">
          {isBundle ? 'Bundle Purchase - Customer Information' : 'Customer Information'}
        </h2>
        {single ? (
          <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
            <p className="font-semibold">{single.trainingName}</p>
            {pricing ? <p>{paymentOptionTitle(pricing, single.paymentType)}</p> : null}
            {amount !== null && applied ? (
              <AppliedSummary summary={applied.applied} />
            ) : amount !== null ? (
              <p data-testid="amount-due">
                Due today: <strong>{formatUsd(amount)}</strong>
                {installmentCount(single.paymentType) > 1
                  ? `, then ${installmentCount(single.paymentType) - 1} monthly payments of ${formatUsd(amount)}`
                  : null}
              </p>
            ) : null}
          </div>
        ) : null}
        {view.kind === 'bundle' ? (
          <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
            <ul className="space-y-1">
              {view.slots.map((slot) => {
                const cohort = cohorts.find((c) => c.id === slot.cohortId);
                return (
                  <li key={slot.trainingName} className="flex flex-wrap items-center gap-2" data-testid="bundle-item">
                    <span className="font-semibold">{slot.trainingName}</span>
                    {cohort ? (
                      <span
                        className="rounded-full bg-teal-100 px-2 py-0.5 text-xs text-teal-800"
                        title={cohortMonthLabel(cohort.cohortMonth)}
                      >
                        Cohort Selected
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {amount !== null && applied ? (
              <AppliedSummary summary={applied.applied} />
            ) : amount !== null ? (
              <p className="mt-2" data-testid="amount-due">
                Total: <strong>{formatUsd(amount)}</strong>
              </p>
            ) : null}
          </div>
        ) : null}
        {!formProps ? (
          <div className="mt-4">
            <Link
              to={backTo}
              className="rounded-md border border-slate-300 px-4 py-2 text-slate-700 hover:bg-slate-100"
            >
              Back
            </Link>
          </div>
        ) : config.testMode ? (
          <CheckoutForm
            {...formProps}
            jsEnabled={hydrated}
            failure={payFailure?.failure ?? null}
            busy={submitting === 'pay' || Boolean(success)}
            done={Boolean(success)}
            free={free}
            paymentSlot={<TestCardFields />}
          />
        ) : hydrated && config.publishableKey ? (
          <StripeCheckout
            {...formProps}
            publishableKey={config.publishableKey}
            amount={amount ?? 0}
            savesCardForLater={savesCardForLater(view)}
          />
        ) : (
          <CheckoutForm
            {...formProps}
            jsEnabled={false}
            failure={payFailure?.failure ?? null}
            busy={submitting === 'pay'}
            done={false}
            free={free}
            paymentSlot={
              <p className="text-sm text-slate-600">
                Loading the secure card form… (card payments need JavaScript; a promotion code that covers the whole
                price works without it)
              </p>
            }
          />
        )}
        {success ? (
          <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-800">
            <strong>{success.title}</strong> {success.message}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Payment Plan</h1>
      {content}
      <SupportLink />
    </main>
  );
}
