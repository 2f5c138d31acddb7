import type { BundlePricing, TrainingPricing } from '@app/contracts';
import { formatUsd } from '@app/domain';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { api } from '~/lib/api.server';

export const meta: MetaFunction = () => [{ title: 'Payment Plan' }];

export async function loader() {
  const [trainings, bundles] = await Promise.all([
    api<TrainingPricing[]>('/api/training-pricing'),
    api<BundlePricing[]>('/api/bundle-pricing'),
  ]);
  return { trainings, bundles };
}

export default function PaymentPlanPage() {
  const { trainings } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Payment Plan</h1>
      <h2 className="mt-6 text-xl font-semibold">Select A Training</h2>
      <ul className="mt-4 space-y-3">
        {trainings.map((training) => (
          <li key={training.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="training">
            <h3 className="font-semibold">{training.trainingName}</h3>
            <p className="text-slate-600">{formatUsd(training.fullPaymentPrice)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
