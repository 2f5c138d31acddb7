import {
  COHORT_FORM_MESSAGES as M,
  cohortFieldError,
  cohortRequestFromForm,
  MAX_COHORT_CAPACITY,
  parseCohortForm,
} from './cohort-form';

const valid = { trainingName: 'Parts Therapy Practitioner', cohortMonth: '2027-03', capacity: null };

describe('parseCohortForm', () => {
  it('accepts a training, a month and seats or no limit', () => {
    expect(parseCohortForm(valid)).toEqual({ ok: true, value: valid });
    expect(parseCohortForm({ ...valid, capacity: 12 })).toEqual({ ok: true, value: { ...valid, capacity: 12 } });
    expect(parseCohortForm({ trainingName: valid.trainingName, cohortMonth: valid.cohortMonth })).toEqual({
      ok: true,
      value: valid,
    });
    expect(parseCohortForm({ ...valid, capacity: 0 }).ok).toBe(true);
    expect(parseCohortForm({ ...valid, capacity: MAX_COHORT_CAPACITY }).ok).toBe(true);
  });

  it.each([
    [{ trainingName: '' }, 'trainingName', M.trainingName],
    [{ trainingName: 'Yoga Teacher' }, 'trainingName', M.trainingName],
    [{ cohortMonth: '' }, 'cohortMonth', M.cohortMonth],
    [{ cohortMonth: '2027-13' }, 'cohortMonth', M.cohortMonth],
    [{ cohortMonth: '2027-3' }, 'cohortMonth', M.cohortMonth],
    [{ capacity: -1 }, 'capacity', M.capacity],
    [{ capacity: 2.5 }, 'capacity', M.capacity],
    [{ capacity: Number.NaN }, 'capacity', M.capacity],
    [{ capacity: MAX_COHORT_CAPACITY + 1 }, 'capacity', M.capacity],
    [{ capacity: '12' }, 'capacity', M.capacity],
  ])('refuses %j on %s', (change, field, message) => {
    expect(parseCohortForm({ ...valid, ...change })).toEqual({ ok: false, fieldErrors: { [field]: message } });
  });

  it('lists the failing fields in the order the form shows them', () => {
    const result = parseCohortForm({ capacity: -1, cohortMonth: 'x', trainingName: 'x' });
    expect(result.ok ? [] : Object.keys(result.fieldErrors)).toEqual(['trainingName', 'cohortMonth', 'capacity']);
  });
});

describe('cohortRequestFromForm', () => {
  it('joins month and year, and reads the seats field', () => {
    expect(cohortRequestFromForm({ trainingName: 'T', month: '03', year: '2027', capacity: ' 12 ' })).toEqual({
      trainingName: 'T',
      cohortMonth: '2027-03',
      capacity: 12,
    });
    expect(cohortRequestFromForm({ trainingName: '', month: '', year: '2027', capacity: '' })).toEqual({
      trainingName: '',
      cohortMonth: '',
      capacity: null,
    });
    expect(cohortRequestFromForm({ trainingName: '', month: '3', year: '', capacity: 'many' }).capacity).toBeNaN();
  });
});

describe('cohortFieldError', () => {
  it('checks one field by the same rule (the API DTO)', () => {
    expect(cohortFieldError('capacity', null)).toBeNull();
    expect(cohortFieldError('capacity', 10)).toBeNull();
    expect(cohortFieldError('capacity', -5)).toBe(M.capacity);
    expect(cohortFieldError('trainingName', 'Resilient Child Training')).toBeNull();
  });
});
