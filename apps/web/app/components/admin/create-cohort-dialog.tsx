import { TRAINING_NAMES } from '@app/contracts';
import { MONTH_NAMES } from '@app/domain';
import { Form, useNavigation } from '@remix-run/react';
import type { ToastData } from './toast-notice';
import { AdminDialog, buttonClass, inputClass, labelClass } from './admin-dialog';

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
  notice,
}: {
  closeTo: string;
  yearOptions: number[];
  values?: CohortFormValues;
  notice?: ToastData | null;
}) {
  const busy = useNavigation().formData?.get('intent') === 'create-cohort';
  return (
    <AdminDialog title="Create New Cohort" closeTo={closeTo} notice={notice}>
      <Form method="post" preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="create-cohort" />
        <div>
          <label htmlFor="cohort-training" className={labelClass}>
            Training
          </label>
          <select
            id="cohort-training"
            name="trainingName"
            defaultValue={values?.trainingName ?? ''}
            className={inputClass}
          >
            <option value="">Select a training</option>
            {TRAINING_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div>
            <label htmlFor="cohort-month" className={labelClass}>
              Month
            </label>
            <select id="cohort-month" name="month" defaultValue={values?.month ?? ''} className={inputClass}>
              <option value="">Select a month</option>
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={String(index + 1).padStart(2, '0')}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cohort-year" className={labelClass}>
              Year
            </label>
            <select id="cohort-year" name="year" defaultValue={values?.year ?? ''} className={inputClass}>
              <option value="">Select a year</option>
              {yearOptions.map((year) => (
                <option key={year} value={String(year)}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="cohort-capacity" className={labelClass}>
            Seats (optional)
          </label>
          <input
            id="cohort-capacity"
            name="capacity"
            type="number"
            min={0}
            max={10000}
            defaultValue={values?.capacity ?? ''}
            placeholder="No limit"
            className={inputClass}
          />
        </div>
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonClass}>
            Create Cohort
          </button>
        </div>
      </Form>
    </AdminDialog>
  );
}
