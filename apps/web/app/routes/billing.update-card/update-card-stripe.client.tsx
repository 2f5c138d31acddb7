import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when asked, so test mode never reaches js.stripe.com.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useSubmit } from 'react-router';
import { useMemo, useState, type FormEvent } from 'react';

interface Props {
  publishableKey: string;
  clientSecret: string;
  token: string;
  /** 'Save card and pay $516.67' for a past-due month, 'Save card' otherwise. */
  submitLabel: string;
}

/** Stripe Elements collects the card into the page's SetupIntent; the form then asks the API to charge it. */
export function UpdateCardStripe(props: Props) {
  const stripe = useMemo(() => loadStripe(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <UpdateCardStripeForm {...props} />
    </Elements>
  );
}

function UpdateCardStripeForm({ token, submitLabel }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) {
      setBusy(false);
      setError(result.error.message ?? 'Your card was not accepted.');
      return;
    }
    submit({ token, setupIntentId: result.setupIntent.id }, { method: 'post' });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <div className="rounded-md border border-slate-200 p-3">
        <PaymentElement />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        {busy ? 'Processing...' : submitLabel}
      </button>
    </form>
  );
}
