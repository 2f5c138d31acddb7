import type { Cohort } from '@app/contracts';
import { cohortMonthLabel, cohortSeatsSuffix } from '@app/domain';
import type { ValidationFailure } from '~/lib/form-notices';
import { WaitlistLinks } from './waitlist-links';
import { Form, Link } from 'react-router';
import type { FormEvent, ReactNode } from 'react';

export interface CheckoutFormProps {
  kind: 'single' | 'bundle';
  paymentIntentId: string;
  clientSecret: string;
  /** Single checkout: the training's cohorts (the selector shows only when there are some). */
  trainingName?: string;
  cohorts: Cohort[];
  /** Bundle checkout: the chosen trainings and cohorts, sent again with the buyer. */
  bundleSlots?: { trainingName: string; cohortId: string | null }[];
  values: { customerName: string; customerEmail: string; cohortId: string; promotionCode?: string };
  failure: ValidationFailure | null;
  busy: boolean;
  done: boolean;
  backTo: string;
  jsEnabled: boolean;
  paymentSlot: ReactNode;
  /** The applied promotion code leaves nothing to pay: no card fields, and the button enrolls for free. */
  free?: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

const inputClass = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-teal-600 focus:outline-none';

/** The customer-details step: a real form posted to the route's action; scripts only enhance it. */
export function CheckoutForm(props: CheckoutFormProps) {
  return (
    <Form method="post" noValidate className="mt-4 space-y-4" onSubmit={props.onSubmit} data-testid="checkout-form">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="kind" value={props.kind} />
      <input type="hidden" name="paymentIntentId" value={props.paymentIntentId} />
      <input type="hidden" name="clientSecret" value={props.clientSecret} />
      {props.jsEnabled ? <input type="hidden" name="js" value="1" /> : null}
      {props.trainingName ? <input type="hidden" name="trainingName" value={props.trainingName} /> : null}
      {props.bundleSlots?.map((slot, i) => (
        <span key={i} hidden>
          <input type="hidden" name="t" value={slot.trainingName} />
          <input type="hidden" name="c" value={slot.cohortId ?? ''} />
        </span>
      ))}
      <div>
        <label htmlFor="customerName" className="block text-sm font-medium">
          Full Name
        </label>
        <input
          id="customerName"
          name="customerName"
          autoComplete="name"
          defaultValue={props.values.customerName}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="customerEmail" className="block text-sm font-medium">
          Email address
        </label>
        <input
          id="customerEmail"
          name="customerEmail"
          type="email"
          autoComplete="email"
          defaultValue={props.values.customerEmail}
          className={inputClass}
        />
      </div>
      {props.kind === 'single' && props.cohorts.length > 0 ? (
        <div>
          <label htmlFor="cohortId" className="block text-sm font-medium">
            Cohort
          </label>
          <select id="cohortId" name="cohortId" defaultValue={props.values.cohortId} className={inputClass}>
            <option value="">Select a cohort</option>
            {props.cohorts.map((cohort) => (
              <option key={cohort.id} value={cohort.id} disabled={cohort.seatsLeft === 0}>
                {cohortMonthLabel(cohort.cohortMonth)}
                {cohortSeatsSuffix(cohort.seatsLeft)}
              </option>
            ))}
          </select>
          <WaitlistLinks cohorts={props.cohorts} />
        </div>
      ) : null}
      <div>
        <label htmlFor="promotionCode" className="block text-sm font-medium">
          Promotion code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="promotionCode"
            name="promotionCode"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            defaultValue={props.values.promotionCode ?? ''}
            className={`${inputClass} mt-0`}
            aria-describedby="promotionCode-hint"
          />
          <button
            type="submit"
            name="applyCode"
            value="1"
            disabled={props.busy || props.done}
            className="shrink-0 rounded-md border border-slate-300 px-4 py-2 text-slate-700 hover:bg-slate-100 disabled:opacity-60"
          >
            Apply code
          </button>
        </div>
        <p id="promotionCode-hint" className="mt-1 text-xs text-slate-500">
          Optional. Apply it to see the new price before you pay (your name and email are needed first).
        </p>
      </div>
      {props.free ? (
        <p role="status" data-testid="free-checkout" className="rounded-md bg-teal-50 p-3 text-sm text-teal-900">
          Your promotion code covers the whole price: nothing to pay and no card needed.
        </p>
      ) : (
        props.paymentSlot
      )}
      {props.failure ? (
        <p role="alert" data-testid="checkout-error" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <strong>{props.failure.title}</strong>: {props.failure.message}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3 pt-2">
        <Link
          to={props.backTo}
          className="rounded-md border border-slate-300 px-4 py-2 text-slate-700 hover:bg-slate-100"
        >
          Back
        </Link>
        <button
          type="submit"
          disabled={props.busy || props.done}
          className="rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
        >
          {props.busy ? 'Processing...' : props.free ? 'Enroll for free' : 'Pay now'}
        </button>
      </div>
    </Form>
  );
}
