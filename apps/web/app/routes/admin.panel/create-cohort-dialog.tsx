import { TRAINING_NAMES } from '@app/contracts';
import { MAX_COHORT_CAPACITY, MONTH_NAMES, type CohortFormErrors } from '@app/domain';
import { Form, useNavigation } from 'react-router';
import type { ToastData } from '~/lib/toast';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { buttonClass, inputClass } from '~/components/ui/form-styles';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { LabeledField, SelectOptions } from '~/components/admin/form-field';

export interface CohortFormValues {
  trainingName: string;
  month: string;
  year: string;
  capacity?: string;
}

export function CreateCohortDialog({
  closeTo,
  yearOptions,
  values,
  fieldErrors = {},
  notice,
}: {
  closeTo: string;
  yearOptions: number[];
  values?: CohortFormValues;
  /** The form schema's messages (libs/domain cohortFormSchema); month and year share `cohortMonth`'s. */
  fieldErrors?: CohortFormErrors;
  notice?: ToastData | null;
}) {
  const monthError = fieldErrors.cohortMonth;
  const busy = useNavigation().formData?.get('intent') === 'create-cohort';
  return (
    <AdminDialog title="Create New Cohort" closeTo={closeTo} notice={notice}>
      <Form method="post" preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="create-cohort" />
        <LabeledField id="cohort-training" label="Training">
          <select
            id="cohort-training"
            name="trainingName"
            defaultValue={values?.trainingName ?? ''}
            className={inputClass}
            {...fieldErrorProps('cohort-trainingName-error', fieldErrors.trainingName)}
          >
            <option value="">Select a training</option>
            <SelectOptions values={TRAINING_NAMES} />
          </select>
          <FieldError id="cohort-trainingName-error" message={fieldErrors.trainingName} />
        </LabeledField>
        <div>
          <div className="grid grid-cols-2 gap-4">
            <LabeledField id="cohort-month" label="Month">
              <select
                id="cohort-month"
                name="month"
                defaultValue={values?.month ?? ''}
                className={inputClass}
                {...fieldErrorProps('cohort-cohortMonth-error', monthError)}
              >
                <option value="">Select a month</option>
                {MONTH_NAMES.map((name, index) => (
                  <option key={name} value={String(index + 1).padStart(2, '0')}>
                    {name}
                  </option>
                ))}
              </select>
            </LabeledField>
            <LabeledField id="cohort-year" label="Year">
              <select
                id="cohort-year"
                name="year"
                defaultValue={values?.year ?? ''}
                className={inputClass}
                {...fieldErrorProps('cohort-cohortMonth-error', monthError)}
              >
                <option value="">Select a year</option>
                {yearOptions.map((year) => (
                  <option key={year} value={String(year)}>
                    {year}
                  </option>
                ))}
              </select>
            </LabeledField>
          </div>
          <FieldError id="cohort-cohortMonth-error" message={monthError} />
        </div>
        <LabeledField id="cohort-capacity" label="Seats (optional)">
          <input
            id="cohort-capacity"
            name="capacity"
            type="number"
            min={0}
            max={MAX_COHORT_CAPACITY}
            defaultValue={values?.capacity ?? ''}
            placeholder="No limit"
            className={inputClass}
            {...fieldErrorProps('cohort-capacity-error', fieldErrors.capacity)}
          />
          <FieldError id="cohort-capacity-error" message={fieldErrors.capacity} />
        </LabeledField>
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonClass}>
            Create Cohort
          </button>
        </div>
      </Form>
    </AdminDialog>
  );
}
