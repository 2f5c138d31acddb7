import { decideCapture, hasSeatFor } from './seat-capture';

describe('hasSeatFor', () => {
  it('has a seat while others took fewer seats than the capacity, always when unlimited', () => {
    expect(hasSeatFor({ capacity: 2, takenByOthers: 1 })).toBe(true);
    expect(hasSeatFor({ capacity: 2, takenByOthers: 2 })).toBe(false);
    expect(hasSeatFor({ capacity: 2, takenByOthers: 3 })).toBe(false);
    expect(hasSeatFor({ capacity: 0, takenByOthers: 0 })).toBe(false);
    expect(hasSeatFor({ capacity: null, takenByOthers: 500 })).toBe(true);
  });
});

describe('decideCapture', () => {
  it('captures when every chosen cohort still has a seat, or there is no cohort', () => {
    expect(
      decideCapture([
        { cohortId: 'a', capacity: 10, takenByOthers: 9 },
        { cohortId: 'b', capacity: null, takenByOthers: 40 },
      ]),
    ).toEqual({ action: 'capture' });
    expect(decideCapture([])).toEqual({ action: 'capture' });
  });

  it('cancels when any chosen cohort filled up meanwhile, naming every full one', () => {
    expect(
      decideCapture([
        { cohortId: 'a', capacity: 10, takenByOthers: 10 },
        { cohortId: 'b', capacity: 5, takenByOthers: 1 },
        { cohortId: 'c', capacity: 1, takenByOthers: 2 },
      ]),
    ).toEqual({ action: 'cancel', fullCohortIds: ['a', 'c'] });
  });
});
