import { findContacts } from './contacts';

describe('findContacts', () => {
  it('reads name, title and email from one comma-separated line', () => {
    expect(findContacts('Dr. Jane Smith, Program Director, jane.smith@example.edu')).toEqual([
      { name: 'Dr. Jane Smith', title: 'Program Director', email: 'jane.smith@example.edu', organization: null },
    ]);
  });

  it('reads a labelled instructor with the email in brackets', () => {
    expect(findContacts('Instructor: Jane Smith (jane@x.org)')).toEqual([
      { name: 'Jane Smith', title: 'Instructor', email: 'jane@x.org', organization: null },
    ]);
  });

  it('reads the organization on the same line', () => {
    expect(findContacts('Contact: Tom Reed | Registrar | Boulder Somatic Institute | Email: treed@bsi.org')).toEqual([
      { name: 'Tom Reed', title: 'Registrar', email: 'treed@bsi.org', organization: 'Boulder Somatic Institute' },
    ]);
  });

  it('reads a signature block above the email', () => {
    const text = 'Questions?\nMaria Lopez, PhD\nDirector of Admissions\nCenter for Somatic Studies\nmaria@css.edu';
    expect(findContacts(text)).toEqual([
      {
        name: 'Maria Lopez',
        title: 'Director of Admissions',
        email: 'maria@css.edu',
        organization: 'Center for Somatic Studies',
      },
    ]);
  });

  it('does not borrow details from another contact above', () => {
    const text = 'Jane Smith\njane@x.org\nbob.jones@x.org';
    expect(findContacts(text).map((c) => c.name)).toEqual(['Jane Smith', 'Bob Jones']);
  });

  it('names a contact from the mailbox when no name is near', () => {
    expect(findContacts('Email admissions@college.edu for details')).toEqual([
      { name: 'Admissions', title: null, email: 'admissions@college.edu', organization: null },
    ]);
  });

  it('lists each address once', () => {
    expect(findContacts('Jane Smith jane@x.org\nJane Smith <jane@x.org>')).toHaveLength(1);
  });

  it('tolerates upper-case OCR text', () => {
    expect(findContacts('INSTRUCTOR: JANE SMITH - JANE@X.ORG')[0]).toEqual({
      name: 'JANE SMITH',
      title: 'INSTRUCTOR',
      email: 'jane@x.org',
      organization: null,
    });
  });

  it('finds nobody without an email', () => {
    expect(findContacts('Dr. Jane Smith, Program Director')).toEqual([]);
  });

  it('lists instructors before a class address and leaves teaching assistants out', () => {
    const text = [
      'Class email: cs101-help@uni.edu',
      'Instructors: Jane Roe (jroe@uni.edu), John Poe (jpoe@uni.edu)',
      'Teaching Assistants: Ann Lee (alee@uni.edu), Bo Kim (bkim@uni.edu)',
    ].join('\n');
    expect(findContacts(text).map((c) => [c.name, c.email])).toEqual([
      ['Jane Roe', 'jroe@uni.edu'],
      ['John Poe', 'jpoe@uni.edu'],
      ['Cs Help', 'cs101-help@uni.edu'],
    ]);
  });

  it('reads the instructor named above a class address, blank lines between', () => {
    const text = '(Lead Professor):  Dr. Sarah Diesburg\n\nOffice: CEE 010A\n\nClass email: cs1510-help@uni.edu';
    expect(findContacts(text)[0]).toMatchObject({ name: 'Dr. Sarah Diesburg', email: 'cs1510-help@uni.edu' });
  });

  it('names an address by the printed name its mailbox is made of', () => {
    const text = 'Instructor\t\tZsófia L. Bárány, Miklós Koren\nEmail\t\tbaranyzs@ceu.edu, korenm@ceu.edu';
    expect(findContacts(text).map((c) => c.name)).toEqual(['Zsófia L. Bárány', 'Miklós Koren']);
  });

  it('reads the role after the address in a table, row by row or cell by cell', () => {
    const rows = 'Dr. Tom Lind\ttlind@u.edu\tInstructor\nKevin Marsh\tkmarsh@u.edu\tTeaching Assistant';
    expect(findContacts(rows).map((c) => c.email)).toEqual(['tlind@u.edu']);
    const cells = 'Dr. Tom Lind\n\ntlind@u.edu\n\nInstructor\n\nKevin Marsh\n\nkmarsh@u.edu\n\nTeaching Assistant';
    expect(findContacts(cells).map((c) => c.email)).toEqual(['tlind@u.edu']);
  });
});
