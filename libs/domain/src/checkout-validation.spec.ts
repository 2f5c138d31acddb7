import {
  isValidEmail,
  validateBundleSelection,
  validateBundleTrainings,
  validateSingleCohort,
} from './checkout-validation';

describe('validateSingleCohort', () => {
  it('requires a cohort when the training has cohorts', () => {
    expect(validateSingleCohort({ hasCohorts: true, cohortId: null })).toEqual({
      reason: 'cohort-required',
      message: 'Please select a cohort',
    });
  });

  it('treats an empty cohort id as not chosen', () => {
    expect(validateSingleCohort({ hasCohorts: true, cohortId: '' })?.reason).toBe('cohort-required');
  });

  it('passes when a cohort is chosen', () => {
    expect(validateSingleCohort({ hasCohorts: true, cohortId: 'c1' })).toBeNull();
  });

  it('passes without a cohort when the training has none', () => {
    expect(validateSingleCohort({ hasCohorts: false, cohortId: null })).toBeNull();
  });
});

describe('validateBundleTrainings', () => {
  const P = 'Psychosomatic Practitioner';
  const T = 'Parts Therapy Practitioner';
  const R = 'Resilient Child Training';

  it('passes exactly as many different trainings as the bundle takes', () => {
    expect(validateBundleTrainings([P, T], 2)).toBeNull();
    expect(validateBundleTrainings([P, T, R], 3)).toBeNull();
  });

  it('asks for all of them when fewer are given', () => {
    expect(validateBundleTrainings([P, T], 3)).toEqual({
      reason: 'missing-trainings',
      message: 'Please select all 3 trainings',
    });
  });

  it('asks for exactly the bundle size when more are given', () => {
    expect(validateBundleTrainings([P, T, R], 2)).toEqual({
      reason: 'too-many-trainings',
      message: 'Please select exactly 2 trainings',
    });
  });

  it('refuses the same training twice, once the count is right', () => {
    expect(validateBundleTrainings([T, T], 2)).toEqual({
      reason: 'duplicate-training',
      message: 'Please select different trainings',
    });
    expect(validateBundleTrainings([T, T], 3)?.reason).toBe('missing-trainings');
  });
});

describe('validateBundleSelection', () => {
  it('asks for all 2 trainings when a slot is empty', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Psychosomatic Practitioner', ''],
        cohortIds: [],
        trainingsWithCohorts: [],
      }),
    ).toEqual({ reason: 'missing-trainings', message: 'Please select all 2 trainings' });
  });

  it('asks for all 3 trainings when fewer slots are given', () => {
    expect(
      validateBundleSelection({
        size: 3,
        trainings: ['Psychosomatic Practitioner'],
        cohortIds: [],
        trainingsWithCohorts: [],
      })?.message,
    ).toBe('Please select all 3 trainings');
  });

  it('reports missing before duplicates', () => {
    expect(
      validateBundleSelection({
        size: 3,
        trainings: ['Resilient Child Training', 'Resilient Child Training', ''],
        cohortIds: [],
        trainingsWithCohorts: [],
      })?.reason,
    ).toBe('missing-trainings');
  });

  it('rejects the same training twice', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Parts Therapy Practitioner', 'Parts Therapy Practitioner'],
        cohortIds: [],
        trainingsWithCohorts: [],
      }),
    ).toEqual({ reason: 'duplicate-training', message: 'Please select different trainings' });
  });

  it('reports duplicates before missing cohorts', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Parts Therapy Practitioner', 'Parts Therapy Practitioner'],
        cohortIds: [null, null],
        trainingsWithCohorts: ['Parts Therapy Practitioner'],
      })?.reason,
    ).toBe('duplicate-training');
  });

  it('names the first training whose cohort is missing', () => {
    expect(
      validateBundleSelection({
        size: 3,
        trainings: ['Psychosomatic Practitioner', 'Parts Therapy Practitioner', 'Resilient Child Training'],
        cohortIds: ['c1', null, undefined],
        trainingsWithCohorts: ['Psychosomatic Practitioner', 'Parts Therapy Practitioner', 'Resilient Child Training'],
      }),
    ).toEqual({ reason: 'cohort-required', message: 'Please select a cohort for Parts Therapy Practitioner' });
  });

  it('does not ask for a cohort for a training without cohorts', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Psychosomatic Practitioner', 'Resilient Child Training'],
        cohortIds: ['c1', null],
        trainingsWithCohorts: ['Psychosomatic Practitioner'],
      }),
    ).toBeNull();
  });

  it('passes a complete selection with cohorts', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Resilient Child Training', 'Parts Therapy Practitioner'],
        cohortIds: ['c9', 'c7'],
        trainingsWithCohorts: ['Resilient Child Training', 'Parts Therapy Practitioner'],
      }),
    ).toBeNull();
  });

  it('ignores slots beyond the bundle size', () => {
    expect(
      validateBundleSelection({
        size: 2,
        trainings: ['Resilient Child Training', 'Parts Therapy Practitioner', 'Resilient Child Training'],
        cohortIds: [],
        trainingsWithCohorts: [],
      }),
    ).toBeNull();
  });
});

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.doe+tag@mail.example.co.uk',
    "o'brien@example.ie",
    'JANE@EXAMPLE.COM',
    'a@b.io',
    'first_last-1@sub-domain.example.org',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'jane',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@@example.com',
    'jane doe@example.com',
    'jane@exa mple.com',
    '.jane@example.com',
    'jane.@example.com',
    'jane..doe@example.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
    'jane@example.c',
    'jane@example.123',
    ' jane@example.com',
    'jane@example.com\n',
  ])('rejects %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('enforces 64 characters in the local part', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('enforces 254 characters in total', () => {
    const domain = `${['a'.repeat(60), 'b'.repeat(60), 'c'.repeat(60), 'd'.repeat(50)].join('.')}.com`;
    const fits = `${'x'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(fits).toHaveLength(254);
    expect(isValidEmail(fits)).toBe(true);
    expect(isValidEmail(`y${fits}`)).toBe(false);
  });
});
