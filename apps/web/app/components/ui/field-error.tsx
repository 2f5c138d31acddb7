/**
 * A field's message under its control, the one way every form shows a refused field (docs/decisions/016): the
 * control takes `fieldErrorProps(errorId, message)`, so assistive technology reads the message with the field.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** `aria-invalid` and `aria-describedby` (the error, after any hint the field already points at) for a control. */
export function fieldErrorProps(
  errorId: string,
  message: string | null | undefined,
  hintId?: string,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  if (!message) return hintId ? { 'aria-describedby': hintId } : {};
  return { 'aria-invalid': true, 'aria-describedby': hintId ? `${hintId} ${errorId}` : errorId };
}
