import { ENROLLMENT_STATUSES, PAYMENT_TYPES, TRAINING_NAMES, type Cohort } from '@app/contracts';
import { MAX_EMAIL_LENGTH, MAX_ENROLLMENT_NOTES_LENGTH, MAX_STUDENT_NAME_LENGTH, paymentTypeLabel } from '@app/domain';
import { Form, useNavigation } from 'react-router';
import { useState, type ReactNode } from 'react';
import type { ClientFormValues } from './panel-url';
import type { ToastData } from '~/lib/toast';
import { AdminDialog } from '~/components/admin/admin-dialog';
import { buttonClass, inputClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { cohortOptionLabel } from './cohort-options';
import { useHydrated } from '~/lib/use-hydrated';
import { LabeledField, SelectOptions } from '~/components/admin/form-field';
import { FieldError } from '~/components/ui/field-error';

const STATUS_LABELS: Record<(typeof ENROLLMENT_STATUSES)[number], string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** What a field's control carries: its id and name, the input style, and the wiring to its hint and error. */
interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** One field of the form: its label, the control (drawn by `children` with the props it is given), a hint, its error. */
function ClientField({
  name,
  label,
  error,
  hint,
  children,
  after,
}: {
  name: keyof ClientFormValues;
  label: string;
  error: string | undefined;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
  /** Shown under the error (the training's 'Show Cohorts' button). */
  after?: ReactNode;
}) {
  const id = `client-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <LabeledField id={id} label={label}>
      {children({
        id,
        name,
        className: inputClass,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {after}
    </LabeledField>
  );
}

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
  return (
    <AdminDialog title="Add Client Manually" closeTo={closeTo} notice={notice}>
      <Form method="post" preventScrollReset className="space-y-4">
        {/* Enter in a field submits with the form's first submit button: make that Create Enrollment, not Show Cohorts. */}
        <button type="submit" name="intent" value="create-enrollment" hidden tabIndex={-1} aria-hidden="true" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ClientField name="studentName" label="Student Name" error={fieldErrors.studentName}>
            {(control) => (
              <input {...control} required maxLength={MAX_STUDENT_NAME_LENGTH} defaultValue={values?.studentName} />
            )}
          </ClientField>
          <ClientField name="studentEmail" label="Email" error={fieldErrors.studentEmail}>
            {(control) => (
              <input
                {...control}
                type="email"
                required
                maxLength={MAX_EMAIL_LENGTH}
                defaultValue={values?.studentEmail}
              />
            )}
          </ClientField>
          <ClientField
            name="trainingName"
            label="Training"
            error={fieldErrors.trainingName}
            after={
              hydrated ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="choose-training"
                  formNoValidate
                  className={`${secondaryButtonClass} mt-2`}
                >
                  Show Cohorts
                </button>
              )
            }
          >
            {(control) => (
              <select
                {...control}
                required
                value={trainingName}
                onChange={(event) => setTrainingName(event.target.value)}
              >
                <option value="">Select a training</option>
                <SelectOptions values={TRAINING_NAMES} />
              </select>
            )}
          </ClientField>
          <ClientField name="cohortId" label="Cohort (Optional)" error={fieldErrors.cohortId}>
            {(control) => (
              <select
                {...control}
                key={trainingName}
                defaultValue={values?.trainingName === trainingName ? values.cohortId : ''}
              >
                <option value="">No Cohort</option>
                {trainingCohorts.map((cohort) => (
                  <option key={cohort.id} value={cohort.id}>
                    {cohortOptionLabel(cohort, false)}
                  </option>
                ))}
              </select>
            )}
          </ClientField>
          <ClientField name="paymentType" label="Payment Type" error={fieldErrors.paymentType}>
            {(control) => (
              <select {...control} defaultValue={values?.paymentType ?? 'full'}>
                <SelectOptions values={PAYMENT_TYPES} label={paymentTypeLabel} />
              </select>
            )}
          </ClientField>
          <ClientField
            name="paymentAmount"
            label="Payment Amount"
            error={fieldErrors.paymentAmount}
            hint="In US dollars; anything that is not a number counts as 0."
          >
            {(control) => (
              <input {...control} inputMode="decimal" placeholder="0.00" defaultValue={values?.paymentAmount} />
            )}
          </ClientField>
          <ClientField name="enrollmentStatus" label="Status" error={fieldErrors.enrollmentStatus}>
            {(control) => (
              <select {...control} defaultValue={values?.enrollmentStatus ?? 'active'}>
                <SelectOptions values={ENROLLMENT_STATUSES} label={(status) => STATUS_LABELS[status]} />
              </select>
            )}
          </ClientField>
        </div>
        <ClientField name="notes" label="Notes" error={fieldErrors.notes}>
          {(control) => (
            <textarea {...control} rows={3} maxLength={MAX_ENROLLMENT_NOTES_LENGTH} defaultValue={values?.notes} />
          )}
        </ClientField>
        <div className="flex justify-end">
          <button type="submit" name="intent" value="create-enrollment" disabled={busy} className={buttonClass}>
            Create Enrollment
          </button>
        </div>
      </Form>
    </AdminDialog>
  );
}
