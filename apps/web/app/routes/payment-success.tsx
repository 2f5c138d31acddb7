import { ROUTES } from '@app/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { callApi } from '~/lib/api.server';
import { paymentOutcome, PROCESSING_REFRESH_SECONDS, type PaymentOutcome } from '~/lib/payment-outcome';

const TITLES: Record<PaymentOutcome, string> = {
  succeeded: 'Payment Successful',
  processing: 'Payment Processing',
  'not-charged': 'Payment Not Taken',
  'not-paid': 'Payment Not Completed',
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const outcome = data?.outcome ?? 'succeeded';
  return [
    { title: TITLES[outcome] },
    ...(outcome === 'processing' ? [{ httpEquiv: 'refresh', content: String(PROCESSING_REFRESH_SECONDS) }] : []),
  ];
};

/**
 * Also asks the API to reconcile the payment, so the enrollment exists even when Stripe's webhook is late or lost;
 * the API enrolls only if the provider says the payment succeeded, and only once. An authorised payment (manual
 * capture) is captured there once its seats are secured, or cancelled without a charge when a cohort filled up.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const paymentIntentId = url.searchParams.get('payment_intent');
  // Read as the spec says; the API checks the payment with the provider itself, so the secret is not needed there.
  const clientSecret = url.searchParams.get('payment_intent_client_secret');
  let status: string | null = null;
  let notChargedMessage: string | null = null;
  if (paymentIntentId) {
    try {
      const reconciled = await callApi(ROUTES.reconcilePayment, { body: { paymentIntentId } });
      status = reconciled.status;
      notChargedMessage = reconciled.notChargedMessage ?? null;
    } catch (error) {
      console.error('Reconciling the payment failed:', error instanceof Error ? error.message : error);
    }
  }
  return {
    paymentIntentId,
    hasClientSecret: Boolean(clientSecret),
    status,
    notChargedMessage,
    outcome: paymentOutcome(status, notChargedMessage),
    checkAgainUrl: `${url.pathname}${url.search}`,
  };
}

const primaryLink = 'mt-6 inline-block rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800';

export default function PaymentSuccessPage() {
  const { paymentIntentId, outcome, notChargedMessage, checkAgainUrl } = useLoaderData<typeof loader>();
  const paid = outcome === 'succeeded';
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <div className="rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div
          aria-hidden
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-3xl ${
            paid
              ? 'bg-green-100 text-green-700'
              : outcome === 'processing'
                ? 'bg-slate-100 text-slate-600'
                : 'bg-amber-100 text-amber-700'
          }`}
        >
          {paid ? '✓' : outcome === 'processing' ? '…' : '!'}
        </div>
        <h1 className="mt-4 text-3xl font-bold">{TITLES[outcome]}</h1>
        {paid ? (
          <>
            <h2 className="mt-2 text-xl font-semibold text-slate-800">Thank You for Your Purchase!</h2>
            <p className="mt-3 text-slate-600">
              You will receive a confirmation email with your enrollment details shortly.
            </p>
          </>
        ) : null}
        {outcome === 'processing' ? (
          <p role="status" className="mt-3 text-slate-600">
            Your bank is confirming the payment and we are securing your seat. You have not been charged yet; this page
            checks again every few seconds.
          </p>
        ) : null}
        {outcome === 'not-charged' ? (
          <p role="alert" className="mt-3 text-slate-700" data-testid="not-charged">
            {notChargedMessage}
          </p>
        ) : null}
        {outcome === 'not-paid' ? (
          <p role="alert" className="mt-3 text-slate-700">
            The payment did not go through, and you were not charged. Please try again.
          </p>
        ) : null}
        {paymentIntentId ? (
          <p className="mt-4 text-sm text-slate-600" data-testid="payment-id">
            Payment ID: <span className="font-mono">{paymentIntentId}</span>
          </p>
        ) : null}
        {outcome === 'processing' ? (
          <a href={checkAgainUrl} className={primaryLink}>
            Check again
          </a>
        ) : outcome === 'succeeded' ? (
          <Link to="/" className={primaryLink}>
            Return to Home
          </Link>
        ) : (
          <Link to="/paymentplan" className={primaryLink}>
            {outcome === 'not-charged' ? 'Choose another cohort or join a waitlist' : 'Back to the checkout'}
          </Link>
        )}
      </div>
    </main>
  );
}
