import {
  COMPLETION_FORM_MESSAGES as M,
  completionFieldError,
  completionFromForm,
  parseCompletionForm,
} from './completion-form';

describe('parseCompletionForm', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2027-03-20T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('takes a past or today date and the checkbox', () => {
    expect(parseCompletionForm(completionFromForm({ completedOn: '2027-03-20', allowUnpaidBalance: 'on' }))).toEqual({
      ok: true,
      value: { completedOn: '2027-03-20', allowUnpaidBalance: true },
    });
    expect(parseCompletionForm(completionFromForm({ completedOn: '2026-12-31' }))).toEqual({
      ok: true,
      value: { completedOn: '2026-12-31', allowUnpaidBalance: false },
    });
  });

  it.each([
    ['', M.completedOn],
    ['20/03/2027', M.completedOn],
    ['2027-02-30', M.completedOnReal],
    ['2027-13-01', M.completedOnReal],
    ['2027-03-21', M.completedOnFuture],
  ])('refuses %p beside the date', (completedOn, message) => {
    expect(parseCompletionForm(completionFromForm({ completedOn }))).toEqual({
      ok: false,
      fieldErrors: { completedOn: message },
    });
  });

  it('says each message in the words the page shows', () => {
    expect(M.completedOnFuture).toMatch(/future/);
    expect(M.completedOnReal).toMatch(/real/);
  });

  it('checks the API body properties by the same rule', () => {
    expect(completionFieldError('completedOn', undefined)).toBe(M.completedOn);
    expect(completionFieldError('completedOn', '2027-03-21')).toBe(M.completedOnFuture);
    expect(completionFieldError('completedOn', '2027-03-19')).toBeNull();
    expect(completionFieldError('allowUnpaidBalance', 'yes')).toBe(M.allowUnpaidBalance);
    expect(completionFieldError('allowUnpaidBalance', undefined)).toBeNull();
  });
});
