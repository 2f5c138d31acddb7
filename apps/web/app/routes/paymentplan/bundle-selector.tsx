import { TRAINING_NAMES, type Cohort, type TrainingName } from '@app/contracts';
import { cohortMonthLabel, cohortSeatsSuffix } from '@app/domain';
import type { ValidationFailure } from '~/lib/form-notices';
import { WaitlistLinks } from './waitlist-links';
import { Form } from 'react-router';
import { useState } from 'react';

interface Slot {
  trainingName: TrainingName | '';
  cohortId: string;
}

export interface BundleSelectorProps {
  size: 2 | 3;
  cohorts: Cohort[];
  initialTrainings: string[];
  initialCohortIds: string[];
  failure: ValidationFailure | null;
  busy: boolean;
}

const selectClass = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2';

/**
 * Training 1..n pickers with a cohort picker for trainings that have cohorts. The parent remounts it per bundle
 * size, which resets the choices; changing a slot's training clears that slot's cohort.
 */
export function BundleSelector(props: BundleSelectorProps) {
  const [slots, setSlots] = useState<Slot[]>(() =>
    Array.from({ length: props.size }, (_, i) => {
      const name = props.initialTrainings[i] ?? '';
      return {
        trainingName: (TRAINING_NAMES as readonly string[]).includes(name) ? (name as TrainingName) : '',
        cohortId: props.initialCohortIds[i] ?? '',
      };
    }),
  );
  const cohortsOf = (trainingName: TrainingName | '') => props.cohorts.filter((c) => c.trainingName === trainingName);

  return (
    <Form method="post" noValidate className="mt-4 space-y-4" data-testid="bundle-form">
      <input type="hidden" name="intent" value="bundle-select" />
      <input type="hidden" name="bundleSize" value={props.size} />
      {slots.map((slot, i) => {
        const slotCohorts = cohortsOf(slot.trainingName);
        return (
          <div key={i} className="rounded-md border border-slate-200 p-3">
            <label htmlFor={`training${i}`} className="block text-sm font-medium">
              Training {i + 1}
            </label>
            <select
              id={`training${i}`}
              name="t"
              value={slot.trainingName}
              onChange={(event) => {
                const trainingName = event.target.value as TrainingName | '';
                setSlots((current) => current.map((s, j) => (j === i ? { trainingName, cohortId: '' } : s)));
              }}
              className={selectClass}
            >
              <option value="">Select a training</option>
              {TRAINING_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {slotCohorts.length > 0 ? (
              <div className="mt-3">
                <label htmlFor={`cohort${i}`} className="block text-sm font-medium">
                  Select Cohort *
                </label>
                <select
                  id={`cohort${i}`}
                  name="c"
                  value={slot.cohortId}
                  onChange={(event) => {
                    const cohortId = event.target.value;
                    setSlots((current) => current.map((s, j) => (j === i ? { ...s, cohortId } : s)));
                  }}
                  className={selectClass}
                >
                  <option value="">Select a cohort</option>
                  {slotCohorts.map((cohort) => (
                    <option key={cohort.id} value={cohort.id} disabled={cohort.seatsLeft === 0}>
                      {cohortMonthLabel(cohort.cohortMonth)}
                      {cohortSeatsSuffix(cohort.seatsLeft)}
                    </option>
                  ))}
                </select>
                <WaitlistLinks cohorts={slotCohorts} />
              </div>
            ) : (
              <input type="hidden" name="c" value="" />
            )}
          </div>
        );
      })}
      {props.failure ? (
        <p role="alert" data-testid="bundle-error" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <strong>{props.failure.title}</strong>: {props.failure.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={props.busy}
        className="w-full rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        Proceed to Checkout
      </button>
    </Form>
  );
}
