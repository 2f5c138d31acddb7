import { cohortListValidUntil } from './cohort-list-validity';

const READ_AT = Date.UTC(2027, 2, 1, 12, 0, 0);

describe('cohortListValidUntil', () => {
  it('holds until the next change when no counted seat hold runs', () => {
    expect(cohortListValidUntil([], READ_AT)).toBeNull();
    expect(
      cohortListValidUntil(
        [
          { capacity: 10, nextHoldExpiresInMs: null },
          { capacity: null, nextHoldExpiresInMs: null },
        ],
        READ_AT,
      ),
    ).toBeNull();
  });

  it('ends when the earliest counted hold of a cohort with a capacity expires', () => {
    expect(
      cohortListValidUntil(
        [
          { capacity: 10, nextHoldExpiresInMs: 900_000 },
          { capacity: 5, nextHoldExpiresInMs: 120_000 },
          { capacity: 8, nextHoldExpiresInMs: null },
        ],
        READ_AT,
      ),
    ).toBe(READ_AT + 120_000);
  });

  it('ignores holds in a cohort without a capacity: it shows no seat count', () => {
    expect(
      cohortListValidUntil(
        [
          { capacity: null, nextHoldExpiresInMs: 1_000 },
          { capacity: 3, nextHoldExpiresInMs: 60_000 },
        ],
        READ_AT,
      ),
    ).toBe(READ_AT + 60_000);
  });

  it('keeps nothing past the read itself for a delay below zero or not a number', () => {
    expect(cohortListValidUntil([{ capacity: 3, nextHoldExpiresInMs: -5 }], READ_AT)).toBe(READ_AT);
    expect(cohortListValidUntil([{ capacity: 3, nextHoldExpiresInMs: Number.NaN }], READ_AT)).toBe(READ_AT);
  });
});
