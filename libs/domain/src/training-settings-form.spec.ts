import {
  TRAINING_SETTINGS_FORM_MESSAGES as M,
  parseTrainingSettingsForm,
  trainingSettingsFieldError,
  trainingSettingsFromForm,
} from './training-settings-form';

describe('parseTrainingSettingsForm', () => {
  it.each([
    ['40', 40],
    [' 12.5 ', 12.5],
    ['2000', 2000],
  ])('takes %p hours as typed', (typed, contactHours) => {
    expect(parseTrainingSettingsForm(trainingSettingsFromForm({ contactHours: typed }))).toEqual({
      ok: true,
      value: { contactHours },
    });
  });

  it.each([
    ['forty', M.contactHours],
    ['', M.contactHours],
    ['0', M.contactHoursRange],
    ['-3', M.contactHoursRange],
    ['2000.5', M.contactHoursRange],
    ['12.3', M.contactHoursStep],
  ])('refuses %p beside the field', (typed, message) => {
    expect(parseTrainingSettingsForm(trainingSettingsFromForm({ contactHours: typed }))).toEqual({
      ok: false,
      fieldErrors: { contactHours: message },
    });
  });

  it('says each message in the words the panel shows', () => {
    expect(M.contactHours).toMatch(/number/);
    expect(M.contactHoursRange).toMatch(/more than 0/);
    expect(M.contactHoursStep).toMatch(/half an hour/);
  });

  it('checks the API body property by the same rule: a number, not text', () => {
    expect(trainingSettingsFieldError('contactHours', 12.5)).toBeNull();
    expect(trainingSettingsFieldError('contactHours', 12.3)).toBe(M.contactHoursStep);
    expect(trainingSettingsFieldError('contactHours', '40')).toBe(M.contactHours);
    expect(trainingSettingsFieldError('contactHours', undefined)).toBe(M.contactHours);
  });
});
