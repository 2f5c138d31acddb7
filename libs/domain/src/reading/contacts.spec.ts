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
});
