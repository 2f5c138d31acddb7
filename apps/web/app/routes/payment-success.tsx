import { ROUTES } from '@app/contracts';
import { useEffect, useState } from 'react';
import {
  Link,
  redirect,
  useLoaderData,
  useRevalidator,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { callApi } from '~/lib/api.server';
import {
  nextPollDelaySeconds,
  NO_SCRIPT_REFRESH_LIMIT,
  NO_SCRIPT_REFRESH_SECONDS,
  paymentOutcome,
  type PaymentOutcome,
} from '~/lib/payment-outcome';

const TITLES: Record<PaymentOutcome, string> = {
  succeeded: 'Payment Successful',
  processing: 'Payment Processing',
  'not-charged': 'Payment Not Taken',
  'not-paid': 'Payment Not Completed',
  unconfirmed: 'Confirming Your Payment',
};

/** The reloads without JavaScript count themselves in this parameter, so that they stop after about two minutes. */
const CHECKS_PARAM = 'checks';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? TITLES[data.outcome] : 'Payment Status' },
];

/**
 * Also asks the API to reconcile the payment, so the enrollment exists even when Stripe's webhook is late or lost;
 * the API enrolls only if the provider says the payment succeeded, and only once. An authorised payment (manual
 * capture) is captured there once its seats are secured, or cancelled without a charge when a cohort filled up.
 * Without a payment to look at there is nothing to say here: back to the checkout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const paymentIntentId = url.searchParams.get('payment_intent');
  if (!paymentIntentId) throw redirect('/paymentplan');
  // Read as the spec says; the API checks the payment with the provider itself, so the secret is not needed there.
  const clientSecret = url.searchParams.get('payment_intent_client_secret');
  let status: string | null = null;
  let notChargedMessage: string | null = null;
  try {
    const reconciled = await callApi(ROUTES.reconcilePayment, { body: { paymentIntentId } });
    status = reconciled.status;
    notChargedMessage = reconciled.notChargedMessage ?? null;
  } catch (error) {
    console.error('Reconciling the payment failed:', error instanceof Error ? error.message : error);
  }
  const checksDone = Math.max(0, Math.floor(Number(url.searchParams.get(CHECKS_PARAM)) || 0));
  const again = new URLSearchParams(url.searchParams);
  again.delete(CHECKS_PARAM);
  const checkAgainUrl = `${url.pathname}?${again}`;
  again.set(CHECKS_PARAM, String(checksDone + 1));
  return {
    paymentIntentId,
    hasClientSecret: Boolean(clientSecret),
    status,
    notChargedMessage,
    outcome: paymentOutcome(status, notChargedMessage),
    checkAgainUrl,
    /** Where the next reload without JavaScript goes; null once they have gone on for about two minutes. */
    noScriptRefreshUrl: checksDone < NO_SCRIPT_REFRESH_LIMIT ? `${url.pathname}?${again}` : null,
  };
}

/**
 * While the payment is on its way, checks again with JavaScript (a revalidation, so the page is not reloaded and a
 * screen reader keeps its place) after 3, 6, 12, 24 ... seconds, for about two minutes; true once it has stopped.
 */
function useCheckWhileProcessing(processing: boolean): boolean {
  const { revalidate, state } = useRevalidator();
  const [checksDone, setChecksDone] = useState(0);
  const delay = processing ? nextPollDelaySeconds(checksDone) : null;
  useEffect(() => {
    if (delay === null || state !== 'idle') return undefined;
    const timer = setTimeout(() => {
      setChecksDone((done) => done + 1);
      void revalidate();
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [delay, state, revalidate]);
  return processing && delay === null;
}

const primaryLink = 'mt-6 inline-block rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800';

export default function PaymentSuccessPage() {
  const { paymentIntentId, outcome, notChargedMessage, checkAgainUrl, noScriptRefreshUrl } =
    useLoaderData<typeof loader>();
  const processing = outcome === 'processing';
  // With JavaScript the polling stops after about two minutes; without, the reloads stop as late.
  const stoppedChecking = useCheckWhileProcessing(processing) || (processing && noScriptRefreshUrl === null);
  const paid = outcome === 'succeeded';
  const waiting = processing || outcome === 'unconfirmed';
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      {processing && noScriptRefreshUrl ? (
        // Without JavaScript only: a browser running scripts reads <noscript> as text, and polls instead.
        <noscript>
          <meta httpEquiv="refresh" content={`${NO_SCRIPT_REFRESH_SECONDS};url=${noScriptRefreshUrl}`} />
        </noscript>
      ) : null}
      <div className="rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div
          aria-hidden
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-3xl ${
            paid
              ? 'bg-green-100 text-green-700'
              : waiting
                ? 'bg-slate-100 text-slate-600'
                : 'bg-amber-100 text-amber-700'
          }`}
        >
          {paid ? '✓' : waiting ? '…' : '!'}
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
        {processing ? (
          <div role="status" className="mt-3 space-y-2 text-slate-600" data-testid="processing">
            <p>
              Your card is authorised (you may see a pending amount); we take the payment once your seat is confirmed,
              or release it if the cohort is full.
            </p>
            <p>
              {stoppedChecking
                ? "We'll email you once it's confirmed; you can also check again later."
                : 'This page checks again on its own in a few seconds.'}
            </p>
          </div>
        ) : null}
        {outcome === 'unconfirmed' ? (
          <p role="status" className="mt-3 text-slate-600" data-testid="unconfirmed">
            We couldn&apos;t confirm your payment just now. If it went through, you&apos;ll receive a confirmation email
            within a few minutes &mdash; please don&apos;t pay again. Keep your Payment ID below.
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
        <p className="mt-4 text-sm break-all text-slate-600" data-testid="payment-id">
          Payment ID: <span className="font-mono">{paymentIntentId}</span>
        </p>
        {waiting ? (
          <a href={checkAgainUrl} className={primaryLink}>
            Check again
          </a>
        ) : paid ? (
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
