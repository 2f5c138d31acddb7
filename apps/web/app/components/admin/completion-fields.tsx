import type { ReactNode } from 'react';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { inputClass } from '~/components/ui/form-styles';
import { LabeledField } from './form-field';

/**
 * The fields of completing enrollments (a cohort's, or one): the completion date, up to today, and, when someone still
 * owes a balance, the box that completes them anyway (the API records it in the audit trail). A refused submission
 * shows its messages beside the fields and the date as typed.
 */
export function CompletionFields({
  today,
  unpaidLabel,
  errors = {},
  completedOn,
}: {
  today: string;
  /** The unpaid-balance box's label; null when nobody owes anything. */
  unpaidLabel: ReactNode | null;
  /** The messages of a refused submission, by field. */
  errors?: { completedOn?: string; allowUnpaidBalance?: string };
  /** The date as typed in a refused submission. */
  completedOn?: string;
}) {
  return (
    <>
      <LabeledField id="completedOn" label="Completion date">
        <input
          id="completedOn"
          name="completedOn"
          type="date"
          required
          max={today}
          defaultValue={completedOn || today}
          className={inputClass}
          {...fieldErrorProps('completedOn-error', errors.completedOn)}
        />
        <FieldError id="completedOn-error" message={errors.completedOn} />
      </LabeledField>
      {unpaidLabel ? (
        <p>
          <input
            id="allowUnpaidBalance"
            name="allowUnpaidBalance"
            type="checkbox"
            className="mr-2"
            {...fieldErrorProps('allowUnpaidBalance-error', errors.allowUnpaidBalance)}
          />
          <label htmlFor="allowUnpaidBalance">{unpaidLabel}</label>
        </p>
      ) : null}
      <FieldError id="allowUnpaidBalance-error" message={errors.allowUnpaidBalance} />
    </>
  );
}
