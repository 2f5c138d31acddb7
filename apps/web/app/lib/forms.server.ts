/**
 * Reading submitted forms, the one way (issue 27): every action takes its text fields and ids through these, so a
 * missing field, a file where text was expected and an id in any case are treated alike everywhere.
 */

/** A text field of a submitted form as sent; '' when it is missing or not text. */
export function formText(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
}

/** A text field without the spaces around it. */
export function formTrimmed(form: FormData, key: string): string {
  return formText(form, key).trim();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a submitted or stored id has the shape of the API's ids (a UUID, any case), before it goes into a URL. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
