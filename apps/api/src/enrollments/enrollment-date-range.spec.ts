import { creationWindow } from './enrollment-date-range';

describe('enrollment date range', () => {
  it('makes the end day inclusive by ending the window at the start of the next day', () => {
    expect(creationWindow('2027-01-31', '2027-12-31')).toEqual({
      from: new Date('2027-01-31T00:00:00.000Z'),
      before: new Date('2028-01-01T00:00:00.000Z'),
    });
    expect(creationWindow(undefined, undefined)).toEqual({});
  });
});
