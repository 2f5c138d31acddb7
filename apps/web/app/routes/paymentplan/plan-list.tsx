import type { BundlePricing, Cohort, PaymentType, TrainingPricing } from '@app/contracts';
import { formatUsd, paymentOptionTitle } from '@app/domain';
import type { ValidationFailure } from '~/lib/form-notices';
import { Link } from 'react-router';
import { singleCheckoutSearch } from './checkout-state';
import { BundleSelector } from './bundle-selector';

export interface PlanListProps {
  trainings: TrainingPricing[];
  bundles: BundlePricing[];
  cohorts: Cohort[];
  bundleSize: 2 | 3 | null;
  bundleFailure: ValidationFailure | null;
  bundleDefaults: { trainings: string[]; cohortIds: string[] };
  busy: boolean;
}

const PLANS: PaymentType[] = ['full', '3month', '6month'];

/** The spec fixes this option's text whatever the prices are. */
const THREE_MONTH_TITLE = '3 month payment plan ($250 Discount)';

function planTitle(training: TrainingPricing, plan: PaymentType): string {
  return plan === '3month' ? THREE_MONTH_TITLE : paymentOptionTitle(training, plan);
}

function planPrice(training: TrainingPricing, plan: PaymentType): string {
  switch (plan) {
    case 'full':
      return formatUsd(training.fullPaymentPrice);
    case '3month':
      return `${formatUsd(training.threeMonthPrice)}/month`;
    case '6month':
      return `${formatUsd(training.sixMonthPrice)}/month`;
  }
}

const optionClass =
  'flex items-center justify-between gap-4 rounded-md border border-slate-200 bg-white px-4 py-3 hover:border-teal-600 hover:bg-teal-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** The 'Select A Training' accordion: native <details>, so it opens and closes without JavaScript. */
export function PlanList(props: PlanListProps) {
  const twoWith = props.bundles.find((b) => b.bundleType === '2-training' && b.requiresPsychosomatic);
  const twoWithout = props.bundles.find((b) => b.bundleType === '2-training' && !b.requiresPsychosomatic);
  const three = props.bundles.find((b) => b.bundleType === '3-training');

  return (
    <section aria-labelledby="select-training" className="mt-6">
      <h2 id="select-training" className="text-xl font-semibold">
        Select A Training
      </h2>
      <div className="mt-4 space-y-3">
        {props.trainings.map((training) => (
          <details
            key={training.id}
            className="group rounded-lg border border-slate-200 bg-white"
            data-testid="training"
          >
            <summary className="cursor-pointer list-none px-4 py-3 font-semibold">{training.trainingName}</summary>
            <ul className="space-y-2 px-4 pb-4">
              {PLANS.map((plan) => (
                <li key={plan}>
                  <Link to={singleCheckoutSearch(training.trainingName, plan)} className={optionClass}>
                    <span>{planTitle(training, plan)}</span>
                    <span className="font-semibold">{planPrice(training, plan)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
        <details id="bundle" open={props.bundleSize !== null} className="rounded-lg border border-slate-200 bg-white">
          <summary className="cursor-pointer list-none px-4 py-3 font-semibold">Bundle Discount</summary>
          <div className="space-y-2 px-4 pb-4">
            <Link
              to="?bundle=2"
              aria-current={props.bundleSize === 2 ? 'true' : undefined}
              className={`${optionClass} ${props.bundleSize === 2 ? 'border-teal-600 bg-teal-50' : ''}`}
            >
              <span>
                <span className="block">Enroll in 2 Trainings</span>
                <span className="block text-xs text-slate-500">Must be paid in full</span>
              </span>
              <span className="text-right text-sm">
                {twoWith ? (
                  <span className="block font-semibold">
                    {formatUsd(twoWith.bundlePrice)} with Psychosomatic Practitioner
                  </span>
                ) : null}
                {twoWithout ? (
                  <span className="block">{formatUsd(twoWithout.bundlePrice)} without Psychosomatic Practitioner</span>
                ) : null}
              </span>
            </Link>
            <Link
              to="?bundle=3"
              aria-current={props.bundleSize === 3 ? 'true' : undefined}
              className={`${optionClass} ${props.bundleSize === 3 ? 'border-teal-600 bg-teal-50' : ''}`}
            >
              <span>
                <span className="block">Enroll in All 3 Trainings</span>
                <span className="block text-xs text-slate-500">Must be paid in full</span>
              </span>
              {three ? <span className="font-semibold">{formatUsd(three.bundlePrice)} total</span> : null}
            </Link>
            {props.bundleSize ? (
              <BundleSelector
                key={props.bundleSize}
                size={props.bundleSize}
                cohorts={props.cohorts}
                initialTrainings={props.bundleDefaults.trainings}
                initialCohortIds={props.bundleDefaults.cohortIds}
                failure={props.bundleFailure}
                busy={props.busy}
              />
            ) : null}
          </div>
        </details>
      </div>
    </section>
  );
}
