import { isFilterDate } from './date-filter';

describe('isFilterDate', () => {
  it.each(['2027-01-31', '2028-02-29', '1900-01-01', '2999-12-31'])('accepts %s', (value) => {
    expect(isFilterDate(value)).toBe(true);
  });

  it.each([
    '9999-12-31',
    '0000-01-01',
    '1899-12-31',
    '3000-01-01',
    '2027-02-30',
    '2027-02-29',
    '2027-13-01',
    '2027-1-1',
    '+10000-01-01',
    'yesterday',
    '',
  ])('refuses %s', (value) => {
    expect(isFilterDate(value)).toBe(false);
  });
});
