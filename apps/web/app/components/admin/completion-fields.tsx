import type { ReactNode } from 'react';
import { inputClass } from '~/components/ui/form-styles';
import { LabeledField } from './form-field';

/**
 * The fields of completing enrollments (a cohort's, or one): the completion date, up to today, and, when someone still
 * owes a balance, the box that completes them anyway (the API records it in the audit trail).
 */
export function CompletionFields({
  today,
  unpaidLabel,
  errorId,
}: {
  today: string;
  /** The unpaid-balance box's label; null when nobody owes anything. */
  unpaidLabel: ReactNode | null;
  /** The id of the date's error message, when the page shows one. */
  errorId?: string;
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
          defaultValue={today}
          className={inputClass}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
      </LabeledField>
      {unpaidLabel ? (
        <p>
          <input id="allowUnpaidBalance" name="allowUnpaidBalance" type="checkbox" className="mr-2" />
          <label htmlFor="allowUnpaidBalance">{unpaidLabel}</label>
        </p>
      ) : null}
    </>
  );
}
