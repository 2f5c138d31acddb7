import {
  ROUTES,
  isTrainingName,
  type BundleTrainingSelection,
  type Cohort,
  type PaymentIntentResponse,
  type PaymentIntentSummary,
  type TestModeConfirmResponse,
  type TrainingName,
} from '@app/contracts';
import { isValidEmail, validateCustomer, validateSingleCohort, type ValidationFailure } from '@app/domain';
import { ApiError, callApi } from '~/lib/api.server';
import type { PlanView } from './checkout-state';

/** Creates the payment for the checkout panel; a failure is only logged and the panel shows no form (spec §4). */
export async function createIntentFor(view: PlanView): Promise<PaymentIntentResponse | null> {
  try {
    if (view.kind === 'single') {
      return await callApi(ROUTES.createPaymentIntent, {
        body: { trainingName: view.trainingName, paymentType: view.paymentType },
      });
    }
    if (view.kind === 'bundle') {
      return await callApi(ROUTES.createBundlePaymentIntent, {
        body: {
          trainings: view.slots.map((s) => s.trainingName),
          paymentType: view.size === 2 ? 'bundle-2' : 'bundle-3',
        },
      });
    }
  } catch (error) {
    console.error('Creating the payment failed:', error instanceof Error ? error.message : error);
  }
  return null;
}

export interface PayValues {
  customerName: string;
  customerEmail: string;
  cohortId: string;
  promotionCode: string;
}

export type PayOutcome =
  | { ok: false; failure: ValidationFailure }
  | { ok: true; testModeResult: TestModeConfirmResponse | null; summary: PaymentIntentSummary };

function text(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
}

export function readPayValues(form: FormData): PayValues {
  return {
    customerName: text(form, 'customerName'),
    customerEmail: text(form, 'customerEmail'),
    cohortId: text(form, 'cohortId'),
    promotionCode: text(form, 'promotionCode').trim(),
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
 * The "Pay now" step: the spec's checks first, then the buyer and cohorts are stored on the payment, then in test
 * mode the test card is tried. With Stripe the browser confirms the card itself after this returns. The details go
 * with the browser's request, so the API limits seat holds per browser address, not per web server.
 */
export async function pay(
  form: FormData,
  cohorts: Cohort[],
  testMode: boolean,
  options: { applyOnly?: boolean; request?: Request } = {},
): Promise<PayOutcome> {
  const values = readPayValues(form);
  const paymentIntentId = text(form, 'paymentIntentId');
  const missing = validateCustomer({ name: values.customerName, email: values.customerEmail });
  if (missing) return { ok: false, failure: missing };
  if (!isValidEmail(values.customerEmail.trim())) {
    return { ok: false, failure: { title: 'Invalid Email', message: 'Please enter a valid email address' } };
  }
  const promotionCode = values.promotionCode || null;
  try {
    let summary: PaymentIntentSummary;
    if (text(form, 'kind') === 'bundle') {
      const names = form.getAll('t').map(String);
      const cohortIds = form.getAll('c').map(String);
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
      const trainingName = text(form, 'trainingName');
      const hasCohorts = cohorts.some((c) => c.trainingName === trainingName);
      const cohortMissing = validateSingleCohort({ hasCohorts, cohortId: values.cohortId || null });
      if (cohortMissing) return { ok: false, failure: cohortMissing };
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
    if (!testMode || options.applyOnly) return { ok: true, testModeResult: null, summary };
    const result = await callApi(ROUTES.testModeConfirm, {
      body: {
        paymentIntentId,
        cardNumber: text(form, 'cardNumber'),
        expiry: text(form, 'expiry'),
        cvc: text(form, 'cvc'),
      },
    });
    if (result.status !== 'succeeded') {
      return { ok: false, failure: { title: 'Payment Failed', message: result.message ?? 'Your card was declined.' } };
    }
    return { ok: true, testModeResult: result, summary };
  } catch (error) {
    return { ok: false, failure: apiFailure(error) };
  }
}

export function successUrl(paymentIntentId: string, clientSecret: string): string {
  const params = new URLSearchParams({ payment_intent: paymentIntentId });
  if (clientSecret) params.set('payment_intent_client_secret', clientSecret);
  return `/payment-success?${params}`;
}
