import {
  checkoutsReleasedByNewHold,
  mayHoldSeats,
  SEAT_HOLD_MINUTES,
  SEAT_HOLDING_CHECKOUTS_PER_CLIENT,
  seatHoldExpiry,
  type ClientSeatHold,
} from './seat-holds';

const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 10, minute));
const hold = (paymentId: string, cohortId: string, minute: number): ClientSeatHold => ({
  paymentId,
  cohortId,
  createdAt: at(minute),
});

describe('who may hold a seat', () => {
  it('a buyer with a name and a valid email', () => {
    expect(mayHoldSeats({ name: 'Ann Lee', email: 'ann@example.com' })).toBe(true);
    expect(mayHoldSeats({ name: '  Ann  ', email: ' ann@example.com ' })).toBe(true);
  });

  it('nobody anonymous: no email, an invalid one, or no name', () => {
    expect(mayHoldSeats({ name: 'Ann', email: null })).toBe(false);
    expect(mayHoldSeats({ name: 'Ann', email: 'not-an-email' })).toBe(false);
    expect(mayHoldSeats({ name: ' ', email: 'ann@example.com' })).toBe(false);
    expect(mayHoldSeats({ name: undefined, email: undefined })).toBe(false);
  });
});

describe('how long a hold lasts', () => {
  it('minutes, not half an hour', () => {
    expect(SEAT_HOLD_MINUTES).toBeLessThanOrEqual(10);
    expect(seatHoldExpiry(at(0)).getTime() - at(0).getTime()).toBe(SEAT_HOLD_MINUTES * 60 * 1000);
  });
});

describe('how many seats one client holds (the newest checkouts win)', () => {
  it('a first checkout releases nothing', () => {
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c1'], earlier: [] })).toEqual([]);
  });

  it('a checkout started again for the same cohort releases the abandoned one: three intents hold one seat', () => {
    const earlier = [hold('p1', 'c1', 0), hold('p2', 'c1', 1)];
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c1'], earlier })).toEqual(['p1', 'p2']);
  });

  it('checkouts of other cohorts keep their seats up to the limit, then the oldest is released', () => {
    expect(SEAT_HOLDING_CHECKOUTS_PER_CLIENT).toBe(2);
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c2'], earlier: [hold('p1', 'c1', 0)] })).toEqual([]);
    expect(
      checkoutsReleasedByNewHold({ cohortIds: ['c3'], earlier: [hold('p2', 'c2', 5), hold('p1', 'c1', 0)] }),
    ).toEqual(['p1']);
  });

  it('a bundle checkout holding several cohorts counts once, and is released whole', () => {
    const earlier = [hold('b1', 'c1', 0), hold('b1', 'c2', 0), hold('p2', 'c3', 2)];
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c4'], earlier })).toEqual(['b1']);
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c2', 'c9'], earlier })).toEqual(['b1']);
  });

  it('a limit of one keeps only the new checkout', () => {
    const earlier = [hold('p1', 'c1', 0), hold('p2', 'c2', 1)];
    expect(checkoutsReleasedByNewHold({ cohortIds: ['c3'], earlier, maxCheckouts: 1 })).toEqual(['p1', 'p2']);
  });
});
