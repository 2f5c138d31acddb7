import { ENROLLMENT_STATUSES, PAYMENT_TYPES, TRAINING_NAMES, type Cohort } from '@app/contracts';
import { MAX_EMAIL_LENGTH, MAX_ENROLLMENT_NOTES_LENGTH, MAX_STUDENT_NAME_LENGTH, paymentTypeLabel } from '@app/domain';
import { Form, useNavigation } from 'react-router';
import { useState } from 'react';
import type { ClientFormValues } from './panel-url';
import type { ToastData } from '~/lib/toast';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { buttonClass, inputClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { cohortOptionLabel } from '~/components/admin/cohort-options';
import { useHydrated } from '~/lib/use-hydrated';
import { LabeledField } from '~/components/admin/form-field';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';

const STATUS_LABELS: Record<(typeof ENROLLMENT_STATUSES)[number], string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * The cohort choice follows the chosen training: with JavaScript at once, without it through the
 * 'Show Cohorts' button, which has the server render this training's cohorts (the action checks the pair again).
 */
export function AddClientDialog({
  closeTo,
  cohorts,
  initialTraining,
  values,
  fieldErrors = {},
  notice,
}: {
  closeTo: string;
  cohorts: Cohort[];
  initialTraining: string;
  values?: ClientFormValues;
  fieldErrors?: Record<string, string>;
  notice?: ToastData | null;
}) {
  const [trainingName, setTrainingName] = useState(values?.trainingName ?? initialTraining);
  const busy = useNavigation().formData?.get('intent') === 'create-enrollment';
  const hydrated = useHydrated();
  const trainingCohorts = cohorts.filter((cohort) => cohort.trainingName === trainingName);
  const invalid = (field: string) => fieldErrorProps(`client-${field}-error`, fieldErrors[field]);

  return (
    <AdminDialog title="Add Client Manually" closeTo={closeTo} notice={notice}>
      <Form method="post" preventScrollReset className="space-y-4">
        {/* Enter in a field submits with the form's first submit button: make that Create Enrollment, not Show Cohorts. */}
        <button type="submit" name="intent" value="create-enrollment" hidden tabIndex={-1} aria-hidden="true" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <LabeledField id="client-studentName" label="Student Name">
            <input
              id="client-studentName"
              name="studentName"
              required
              maxLength={MAX_STUDENT_NAME_LENGTH}
              defaultValue={values?.studentName}
              className={inputClass}
              {...invalid('studentName')}
            />
            <FieldError id="client-studentName-error" message={fieldErrors.studentName} />
          </LabeledField>
          <LabeledField id="client-studentEmail" label="Email">
            <input
              id="client-studentEmail"
              name="studentEmail"
              type="email"
              required
              maxLength={MAX_EMAIL_LENGTH}
              defaultValue={values?.studentEmail}
              className={inputClass}
              {...invalid('studentEmail')}
            />
            <FieldError id="client-studentEmail-error" message={fieldErrors.studentEmail} />
          </LabeledField>
          <LabeledField id="client-trainingName" label="Training">
            <select
              id="client-trainingName"
              name="trainingName"
              required
              value={trainingName}
              onChange={(event) => setTrainingName(event.target.value)}
              className={inputClass}
              {...invalid('trainingName')}
            >
              <option value="">Select a training</option>
              {TRAINING_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            <FieldError id="client-trainingName-error" message={fieldErrors.trainingName} />
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value="choose-training"
                formNoValidate
                className={`${secondaryButtonClass} mt-2`}
              >
                Show Cohorts
              </button>
            )}
          </LabeledField>
          <LabeledField id="client-cohortId" label="Cohort (Optional)">
            <select
              id="client-cohortId"
              name="cohortId"
              key={trainingName}
              defaultValue={values?.trainingName === trainingName ? values.cohortId : ''}
              className={inputClass}
              {...invalid('cohortId')}
            >
              <option value="">No Cohort</option>
              {trainingCohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohortOptionLabel(cohort, false)}
                </option>
              ))}
            </select>
            <FieldError id="client-cohortId-error" message={fieldErrors.cohortId} />
          </LabeledField>
          <LabeledField id="client-paymentType" label="Payment Type">
            <select
              id="client-paymentType"
              name="paymentType"
              defaultValue={values?.paymentType ?? 'full'}
              className={inputClass}
              {...invalid('paymentType')}
            >
              {PAYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {paymentTypeLabel(type)}
                </option>
              ))}
            </select>
            <FieldError id="client-paymentType-error" message={fieldErrors.paymentType} />
          </LabeledField>
          <LabeledField id="client-paymentAmount" label="Payment Amount">
            <input
              id="client-paymentAmount"
              name="paymentAmount"
              inputMode="decimal"
              placeholder="0.00"
              defaultValue={values?.paymentAmount}
              className={inputClass}
              {...fieldErrorProps('client-paymentAmount-error', fieldErrors.paymentAmount, 'client-paymentAmount-hint')}
            />
            <p id="client-paymentAmount-hint" className="mt-1 text-xs text-slate-500">
              In US dollars; anything that is not a number counts as 0.
            </p>
            <FieldError id="client-paymentAmount-error" message={fieldErrors.paymentAmount} />
          </LabeledField>
          <LabeledField id="client-enrollmentStatus" label="Status">
            <select
              id="client-enrollmentStatus"
              name="enrollmentStatus"
              defaultValue={values?.enrollmentStatus ?? 'active'}
              className={inputClass}
              {...invalid('enrollmentStatus')}
            >
              {ENROLLMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <FieldError id="client-enrollmentStatus-error" message={fieldErrors.enrollmentStatus} />
          </LabeledField>
        </div>
        <LabeledField id="client-notes" label="Notes">
          <textarea
            id="client-notes"
            name="notes"
            rows={3}
            maxLength={MAX_ENROLLMENT_NOTES_LENGTH}
            defaultValue={values?.notes}
            className={inputClass}
            {...invalid('notes')}
          />
          <FieldError id="client-notes-error" message={fieldErrors.notes} />
        </LabeledField>
        <div className="flex justify-end">
          <button type="submit" name="intent" value="create-enrollment" disabled={busy} className={buttonClass}>
            Create Enrollment
          </button>
        </div>
      </Form>
    </AdminDialog>
  );
}
