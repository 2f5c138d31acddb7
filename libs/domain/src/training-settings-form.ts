import { z } from 'zod';
import { formChecks, lazySchema } from './form-schema';

export const MAX_CONTACT_HOURS = 2000;

/**
 * The panel's training settings row (issue 27, docs/decisions/016): a training's contact hours, more than 0, at most
 * 2000, in steps of half an hour. The schema takes the API's shape (a number); `trainingSettingsFromForm` turns the
 * typed text into it.
 */
export const TRAINING_SETTINGS_FORM_MESSAGES = {
  contactHours: 'Enter the contact hours as a number, such as 40 or 12.5',
  contactHoursRange: `Contact hours must be more than 0 and at most ${MAX_CONTACT_HOURS}`,
  contactHoursStep: 'Contact hours go in steps of half an hour',
} as const;

const M = TRAINING_SETTINGS_FORM_MESSAGES;

const buildSchema = () =>
  z.object({
    contactHours: z
      .number({ error: M.contactHours })
      .gt(0, { error: M.contactHoursRange })
      .lte(MAX_CONTACT_HOURS, { error: M.contactHoursRange })
      .refine((hours) => Number.isInteger(hours * 2), { error: M.contactHoursStep }),
  });

export const trainingSettingsFormSchema = lazySchema(buildSchema);

export type TrainingSettingsField = 'contactHours';
export const TRAINING_SETTINGS_FIELDS: readonly TrainingSettingsField[] = ['contactHours'];

/** The typed form in the API's shape: the hours as a number (text that is no number stays for the rule to refuse). */
export function trainingSettingsFromForm(values: Record<string, string | undefined>): { contactHours: unknown } {
  const typed = (values.contactHours ?? '').trim();
  return { contactHours: typed === '' ? undefined : Number(typed) };
}

const checks = formChecks(trainingSettingsFormSchema, TRAINING_SETTINGS_FIELDS);

/** The whole form's check, and one property's message or null (the API DTO checks each property with it). */
export const parseTrainingSettingsForm = checks.parse;
export const trainingSettingsFieldError = checks.fieldError;
