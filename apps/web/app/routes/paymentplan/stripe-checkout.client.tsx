import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when asked, so test mode never reaches js.stripe.com.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useFetcher, useNavigate } from 'react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHECKOUT_CURRENCY, type PaymentIntentSummary } from '@app/contracts';
import type { ValidationFailure } from '~/lib/form-notices';
import { confirmedOrOnItsWay } from '~/lib/payment-outcome';
import { notify } from '~/lib/toast';
import {
  SUCCESS_REDIRECT_DELAY_MS,
  SUCCESS_TITLE,
  successMessage,
  type CheckoutIntent,
  type PaymentActionData,
} from './checkout-state';
import { AppliedSummary } from './applied-summary';
import { CheckoutForm, type CheckoutFormProps } from './checkout-form';

type StripeCheckoutProps = Omit<
  CheckoutFormProps,
  'paymentSlot' | 'onSubmit' | 'busy' | 'done' | 'failure' | 'jsEnabled'
> & {
  publishableKey: string;
  /** Integer cents due today, shown by the Payment Element before the payment exists. */
  amount: number;
  /** A plan keeps the card for its later months (the intent is created with setup_future_usage). */
  savesCardForLater: boolean;
};

const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * The Stripe path with deferred intent creation: the Payment Element renders from the amount and currency, the
 * action creates the payment and stores the buyer when "Pay now" is pressed, then the card is confirmed against it
 * without a redirect. Nothing is created by opening the checkout.
 */
export function StripeCheckout(props: StripeCheckoutProps) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{
        mode: 'payment',
        amount: props.amount,
        currency: CHECKOUT_CURRENCY,
        // As the API creates every intent: authorised first, captured once the seats are secured.
        captureMethod: 'manual',
        ...(props.savesCardForLater ? { setupFutureUsage: 'off_session' as const } : {}),
      }}
    >
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}

function StripeCheckoutForm(props: StripeCheckoutProps) {
  const stripe = useStripe();
  const elements = useElements();
  const fetcher = useFetcher<PaymentActionData>();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<ValidationFailure | null>(null);
  const [applied, setApplied] = useState<PaymentIntentSummary | null>(null);
  const [intent, setIntent] = useState<CheckoutIntent | null>(null);
  const buyer = useRef({ name: '', email: '' });
  const handled = useRef<PaymentActionData | undefined>(undefined);

  const fail = (next: ValidationFailure) => {
    setFailure(next);
    setBusy(false);
    notify.error(next.title, next.message);
  };

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data || handled.current === data || data.form !== 'pay') return;
    handled.current = data;
    if (data.intent) setIntent(data.intent);
    if ('failure' in data) return fail(data.failure);
    // "Apply code": the new price is shown and nothing is paid yet.
    if ('applied' in data) {
      setApplied(data.applied);
      // A free checkout takes no card; the Payment Element keeps its last amount (Stripe refuses $0).
      if (!data.applied.free) elements?.update({ amount: data.applied.amount });
      return setBusy(false);
    }
    // A free checkout completed by the action: no card was confirmed.
    if ('success' in data) {
      setBusy(false);
      setDone(true);
      notify.success(data.success.title, data.success.message);
      const { redirectTo } = data.success;
      setTimeout(() => navigate(redirectTo), SUCCESS_REDIRECT_DELAY_MS);
      return;
    }
    if (!('stripeReady' in data) || !stripe || !elements) return;
    const successUrl = `/payment-success?${new URLSearchParams({
      payment_intent: data.intent.paymentIntentId,
      payment_intent_client_secret: data.intent.clientSecret,
    })}`;
    stripe
      .confirmPayment({
        elements,
        clientSecret: data.intent.clientSecret,
        redirect: 'if_required',
        confirmParams: {
          return_url: new URL(successUrl, window.location.origin).toString(),
          receipt_email: buyer.current.email,
          payment_method_data: { billing_details: { name: buyer.current.name, email: buyer.current.email } },
        },
      })
      .then((result) => {
        if (result.error)
          return fail({ title: 'Payment Failed', message: result.error.message ?? 'Your card was declined.' });
        const { status } = result.paymentIntent;
        if (!confirmedOrOnItsWay(status)) {
          // requires_action: the bank's check was closed or abandoned; requires_payment_method: declined or cancelled.
          return fail({
            title: 'Payment Not Completed',
            message:
              status === 'requires_action'
                ? 'Your bank’s check was not completed, so you were not charged. Please try again.'
                : 'The payment was not completed and you were not charged. Please try again or use another card.',
          });
        }
        setBusy(false);
        setDone(true);
        // Authorised ('requires_capture') or still with the bank: the success page captures once the seat is secured
        // (or says the buyer was not charged), so only a charged payment is announced here.
        if (status !== 'succeeded') return navigate(successUrl);
        notify.success(SUCCESS_TITLE, successMessage(props.kind));
        setTimeout(() => navigate(successUrl), SUCCESS_REDIRECT_DELAY_MS);
      })
      .catch((error: unknown) => {
        console.error(error);
        fail({ title: 'Error', message: 'Failed to process payment' });
      });
    // The effect reacts to the action's answer only; the other values are fixed for this checkout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || busy || done) return;
    // With the button pressed, so "Apply code" (applyCode=1) only prices the purchase.
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    buyer.current = {
      name: String(form.get('customerName') ?? '').trim(),
      email: String(form.get('customerEmail') ?? '').trim(),
    };
    setFailure(null);
    setBusy(true);
    if (form.get('applyCode') !== '1' && !applied?.free) {
      // Stripe checks the card fields before the payment is created; the element shows what is wrong.
      const { error } = await elements.submit();
      if (error) return setBusy(false);
    }
    fetcher.submit(form, { method: 'post' });
  };

  return (
    <CheckoutForm
      {...props}
      paymentIntentId={intent?.paymentIntentId ?? props.paymentIntentId}
      clientSecret={intent?.clientSecret ?? props.clientSecret}
      jsEnabled
      busy={busy}
      done={done}
      failure={failure}
      onSubmit={onSubmit}
      free={applied?.free ?? false}
      paymentSlot={
        <>
          {applied ? <AppliedSummary summary={applied} /> : null}
          <div className="rounded-md border border-slate-200 p-3">
            <PaymentElement options={{ fields: { billingDetails: { name: 'never', email: 'never' } } }} />
          </div>
        </>
      }
    />
  );
}
