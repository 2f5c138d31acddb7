import { panelCohortFilter } from './panel-cohort-filter';

const cohorts = [
  { id: 'a', trainingName: 'Rope Access' },
  { id: 'b', trainingName: 'Confined Space' },
];

describe('panelCohortFilter', () => {
  it('is the named cohort when no training is filtered', () => {
    expect(panelCohortFilter(cohorts, 'b', undefined)).toBe(cohorts[1]);
  });

  it('is the named cohort when it is of the filtered training', () => {
    expect(panelCohortFilter(cohorts, 'a', 'Rope Access')).toBe(cohorts[0]);
  });

  it('is null for a cohort of another training than the one filtered', () => {
    expect(panelCohortFilter(cohorts, 'a', 'Confined Space')).toBeNull();
  });

  it('is null for an unknown cohort, and without one', () => {
    expect(panelCohortFilter(cohorts, 'not-a-cohort', undefined)).toBeNull();
    expect(panelCohortFilter(cohorts, undefined, 'Rope Access')).toBeNull();
    expect(panelCohortFilter(cohorts, '', undefined)).toBeNull();
  });
});
