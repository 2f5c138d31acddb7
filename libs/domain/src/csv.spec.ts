import { cohortCsvFileName, cohortStudentsCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes every value and ends every record with CRLF', () => {
    expect(toCsv(['A', 'B'], [['1', 'x']])).toBe('"A","B"\r\n"1","x"\r\n');
  });

  it('doubles quotes inside values', () => {
    expect(toCsv(['Name'], [['Jane "JJ" Doe']])).toBe('"Name"\r\n"Jane ""JJ"" Doe"\r\n');
  });

  it('keeps commas and line breaks inside the quotes', () => {
    expect(toCsv(['Note'], [['a, b\nc']])).toBe('"Note"\r\n"a, b\nc"\r\n');
  });

  it('writes only the header line for no rows', () => {
    expect(toCsv(['Student Name', 'Email'], [])).toBe('"Student Name","Email"\r\n');
  });

  it('writes empty cells for null and undefined, and text for numbers and booleans', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, 12.5, true]])).toBe(
      '"a","b","c","d"\r\n"","","12.5","true"\r\n',
    );
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
  ])('neutralises the formula-looking cell %p', (value, written) => {
    expect(toCsv(['x'], [[value]])).toBe(`"x"\r\n"${written}"\r\n`);
  });

  it('neutralises a formula and still doubles its quotes', () => {
    expect(toCsv(['x'], [['=HYPERLINK("http://evil")']])).toBe('"x"\r\n"\'=HYPERLINK(""http://evil"")"\r\n');
  });

  it('leaves formula characters alone when not at the start', () => {
    expect(toCsv(['x'], [['a=b', 'jane@example.com']])).toBe('"x"\r\n"a=b","jane@example.com"\r\n');
  });

  it('does not touch negative numbers passed as numbers', () => {
    expect(toCsv(['x'], [[-5]])).toBe('"x"\r\n"-5"\r\n');
  });
});

describe('cohortStudentsCsv', () => {
  it('writes Student Name and Email columns', () => {
    expect(
      cohortStudentsCsv([
        { studentName: 'Jane Doe', studentEmail: 'jane@example.com' },
        { studentName: '=evil()', studentEmail: 'x@example.com' },
      ]),
    ).toBe('"Student Name","Email"\r\n"Jane Doe","jane@example.com"\r\n"\'=evil()","x@example.com"\r\n');
  });
});

describe('cohortCsvFileName', () => {
  it('joins training, month name and year with underscores', () => {
    expect(cohortCsvFileName('Parts Therapy Practitioner', '2027-03')).toBe(
      'Parts_Therapy_Practitioner_March_2027.csv',
    );
  });

  it('collapses runs of other characters into one underscore', () => {
    expect(cohortCsvFileName('Mind & Body -- Training', '2026-12')).toBe('Mind_Body_Training_December_2026.csv');
  });

  it('drops leading and trailing separators', () => {
    expect(cohortCsvFileName('  (Resilient Child Training) ', '2028-01')).toBe(
      'Resilient_Child_Training_January_2028.csv',
    );
  });

  it('never yields path separators', () => {
    expect(cohortCsvFileName('../../etc/passwd', '2027-03')).toBe('etc_passwd_March_2027.csv');
  });

  it('falls back to a plain name when nothing usable remains', () => {
    expect(cohortCsvFileName('', '')).toBe('cohort.csv');
  });
});
