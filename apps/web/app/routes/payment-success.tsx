import { ROUTES } from '@app/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { callApi } from '~/lib/api.server';

export const meta: MetaFunction = () => [{ title: 'Payment Successful' }];

/**
 * Also asks the API to reconcile the payment, so the enrollment exists even when Stripe's webhook is late or lost;
 * the API enrolls only if the provider says the payment succeeded, and only once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const paymentIntentId = url.searchParams.get('payment_intent');
  // Read as the spec says; the API checks the payment with the provider itself, so the secret is not needed there.
  const clientSecret = url.searchParams.get('payment_intent_client_secret');
  let status: string | null = null;
  if (paymentIntentId) {
    try {
      status = (await callApi(ROUTES.reconcilePayment, { body: { paymentIntentId } })).status;
    } catch (error) {
      console.error('Reconciling the payment failed:', error instanceof Error ? error.message : error);
    }
  }
  return { paymentIntentId, hasClientSecret: Boolean(clientSecret), status };
}

export default function PaymentSuccessPage() {
  const { paymentIntentId } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <div className="rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <div
          aria-hidden
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
        >
          ✓
        </div>
        <h1 className="mt-4 text-3xl font-bold">Payment Successful</h1>
        <h2 className="mt-2 text-xl font-semibold text-slate-800">Thank You for Your Purchase!</h2>
        <p className="mt-3 text-slate-600">
          You will receive a confirmation email with your enrollment details shortly.
        </p>
        {paymentIntentId ? (
          <p className="mt-4 text-sm text-slate-600" data-testid="payment-id">
            Payment ID: <span className="font-mono">{paymentIntentId}</span>
          </p>
        ) : null}
        <Link
          to="/"
          className="mt-6 inline-block rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800"
        >
          Return to Home
        </Link>
      </div>
    </main>
  );
}
