import {
  ROUTES,
  isTrainingName,
  type BundleTrainingSelection,
  type Cohort,
  type PaymentIntentSummary,
  type TestModeConfirmResponse,
  type TrainingName,
} from '@app/contracts';
import { parseCustomerForm, validateSingleCohort } from '@app/domain';
import { customerNotice, selectionNotice, type ValidationFailure } from '~/lib/form-notices';
import { ApiError, callApi } from '~/lib/api.server';
import type { CheckoutIntent, PlanView } from './checkout-state';
import { formList, formText } from '~/lib/forms.server';

/**
 * Creates the payment of the checkout the buyer is submitting (never on a page view: a link preview, a crawler or a
 * prefetch of a checkout URL creates nothing). The API prices it from its own tables.
 */
async function createIntent(view: PlanView): Promise<CheckoutIntent> {
  const created =
    view.kind === 'single'
      ? await callApi(ROUTES.createPaymentIntent, {
          body: { trainingName: view.trainingName, paymentType: view.paymentType },
        })
      : view.kind === 'bundle'
        ? await callApi(ROUTES.createBundlePaymentIntent, {
            body: {
              trainings: view.slots.map((s) => s.trainingName),
              paymentType: view.size === 2 ? 'bundle-2' : 'bundle-3',
            },
          })
        : null;
  if (!created) throw new Error('No checkout to pay for');
  return { paymentIntentId: created.paymentIntentId, clientSecret: created.clientSecret };
}

/** The payment an earlier submission of this checkout created, carried in the form's hidden fields. */
function readIntent(form: FormData): CheckoutIntent | null {
  const paymentIntentId = formText(form, 'paymentIntentId');
  return paymentIntentId ? { paymentIntentId, clientSecret: formText(form, 'clientSecret') } : null;
}

export interface PayValues {
  customerName: string;
  customerEmail: string;
  cohortId: string;
  promotionCode: string;
}

export type PayOutcome =
  | { ok: false; failure: ValidationFailure; intent: CheckoutIntent | null }
  | {
      ok: true;
      intent: CheckoutIntent;
      testModeResult: TestModeConfirmResponse | null;
      summary: PaymentIntentSummary;
      /** A promotion code left nothing to pay and the checkout was completed without a card. */
      free: boolean;
    };

export function readPayValues(form: FormData): PayValues {
  return {
    customerName: formText(form, 'customerName'),
    customerEmail: formText(form, 'customerEmail'),
    cohortId: formText(form, 'cohortId'),
    promotionCode: formText(form, 'promotionCode').trim(),
  };
}

function apiFailure(error: unknown): ValidationFailure {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) {
    if (error.body.fieldErrors?.promotionCode) return { title: 'Promotion code', message: error.body.message };
    return { title: 'Error', message: error.body.message };
  }
  console.error('Payment request failed:', error instanceof Error ? error.message : error);
  return { title: 'Error', message: 'Failed to process payment' };
}

/**
 * The "Pay now" step: the spec's checks first, then the payment is created (on the first submission of the
 * checkout, for the view its URL names), the buyer and cohorts are stored on it, then a checkout the promotion code
 * made free is completed without a card, or in test mode the test card is tried. With Stripe the browser confirms the
 * card itself after this returns. The details go with the browser's
 * request, so the API limits seat holds per browser address, not per web server.
 */
export async function pay(
  form: FormData,
  view: PlanView,
  cohorts: Cohort[],
  testMode: boolean,
  options: { applyOnly?: boolean; request?: Request } = {},
): Promise<PayOutcome> {
  const values = readPayValues(form);
  let intent = readIntent(form);
  const customer = parseCustomerForm({ name: values.customerName, email: values.customerEmail });
  const refused = customer.ok ? null : customerNotice(customer.fieldErrors);
  if (refused) return { ok: false, failure: refused, intent };
  const bundle = formText(form, 'kind') === 'bundle';
  if (!bundle) {
    const trainingName = formText(form, 'trainingName');
    const hasCohorts = cohorts.some((c) => c.trainingName === trainingName);
    const cohortMissing = validateSingleCohort({ hasCohorts, cohortId: values.cohortId || null });
    if (cohortMissing) return { ok: false, failure: selectionNotice(cohortMissing), intent };
  }
  const promotionCode = values.promotionCode || null;
  try {
    intent ??= await createIntent(view);
    const { paymentIntentId } = intent;
    let summary: PaymentIntentSummary;
    if (bundle) {
      const names = formList(form, 't');
      const cohortIds = formList(form, 'c');
      const trainings: BundleTrainingSelection[] = names
        .filter((name): name is TrainingName => isTrainingName(name))
        .map((name, i) => ({ name, cohortId: cohortIds[i] || null }));
      summary = await callApi(ROUTES.updateBundlePaymentIntent, {
        request: options.request,
        body: {
          paymentIntentId,
          customerName: values.customerName,
          customerEmail: values.customerEmail,
          trainings,
          promotionCode,
        },
      });
    } else {
      summary = await callApi(ROUTES.updatePaymentIntent, {
        request: options.request,
        body: {
          paymentIntentId,
          customerName: values.customerName,
          customerEmail: values.customerEmail,
          cohortId: values.cohortId || null,
          promotionCode,
        },
      });
    }
    if (options.applyOnly) return { ok: true, intent, testModeResult: null, summary, free: false };
    if (summary.free) {
      // The code leaves nothing to pay: no card, in test mode and with Stripe alike. The API completes the checkout
      // once, however often this is sent (a double click, a second tab).
      await callApi(ROUTES.completeFreeCheckout, { body: { paymentIntentId } });
      return { ok: true, intent, testModeResult: null, summary, free: true };
    }
    if (!testMode) return { ok: true, intent, testModeResult: null, summary, free: false };
    const result = await callApi(ROUTES.testModeConfirm, {
      body: {
        paymentIntentId,
        cardNumber: formText(form, 'cardNumber'),
        expiry: formText(form, 'expiry'),
        cvc: formText(form, 'cvc'),
      },
    });
    if (result.status !== 'succeeded') {
      return {
        ok: false,
        failure: { title: 'Payment Failed', message: result.message ?? 'Your card was declined.' },
        intent,
      };
    }
    return { ok: true, intent, testModeResult: result, summary, free: false };
  } catch (error) {
    return { ok: false, failure: apiFailure(error), intent };
  }
}

export function successUrl(paymentIntentId: string, clientSecret: string): string {
  const params = new URLSearchParams({ payment_intent: paymentIntentId });
  if (clientSecret) params.set('payment_intent_client_secret', clientSecret);
  return `/payment-success?${params}`;
}
