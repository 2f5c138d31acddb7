import { findCertificateDetails } from './certificate-details';

describe('findCertificateDetails', () => {
  it('reads a typical certificate', () => {
    const text = `Somatic Healing Institute
Certificate of Completion
This certifies that
JANE A. DOE
has successfully completed the 40-hour Psychosomatic Practitioner training
on June 5, 2026

Maria Lopez
Program Director`;
    expect(findCertificateDetails(text)).toEqual({
      recipientName: 'JANE A. DOE',
      issuingOrganization: 'Somatic Healing Institute',
      certificateAuthor: 'Maria Lopez',
      completionDate: '2026-06-05',
    });
  });

  it('reads awarded to / issued by / signed', () => {
    const text =
      'Certificate awarded to John Smith for completing Parts Therapy. Issued by the Center for Parts Therapy, Boulder. Date of completion: 03/15/2025. Signed, Dr. Amy Chen';
    expect(findCertificateDetails(text)).toEqual({
      recipientName: 'John Smith',
      issuingOrganization: 'the Center for Parts Therapy',
      certificateAuthor: 'Dr. Amy Chen',
      completionDate: '2025-03-15',
    });
  });

  it('reads presented to and a name with its title on one line', () => {
    const text =
      'Presented to Li Wei\nIssuing organization: Resilience Academy\nAnna Berg, Director of Training\n2024-11-02';
    const details = findCertificateDetails(text);
    expect(details.recipientName).toBe('Li Wei');
    expect(details.issuingOrganization).toBe('Resilience Academy');
    expect(details.certificateAuthor).toBe('Anna Berg');
    expect(details.completionDate).toBe('2024-11-02');
  });

  it('prefers a completion date to a birth date', () => {
    const text = 'This certifies that Sam Green (date of birth: 01/02/1990) completed the course on 2025-05-20.';
    expect(findCertificateDetails(text).completionDate).toBe('2025-05-20');
  });

  it('strips post-nominals from names', () => {
    const text = 'This is to certify that Jane Roe, PhD has completed.\nSignature: Mark Twain, LCSW';
    const details = findCertificateDetails(text);
    expect(details.recipientName).toBe('Jane Roe');
    expect(details.certificateAuthor).toBe('Mark Twain');
  });

  it('does not take the recipient as the author', () => {
    const text = 'This certifies that Jane Doe\nJane Doe\nInstructor';
    expect(findCertificateDetails(text).certificateAuthor).toBeNull();
  });

  it('falls back to an organization phrase anywhere in the text', () => {
    expect(
      findCertificateDetails('Welcome to the UNIVERSITY OF OREGON continuing education.').issuingOrganization,
    ).toBe('UNIVERSITY OF OREGON');
  });

  it('returns nulls for text with nothing to read', () => {
    expect(findCertificateDetails('lorem ipsum dolor sit amet')).toEqual({
      recipientName: null,
      issuingOrganization: null,
      certificateAuthor: null,
      completionDate: null,
    });
  });

  it('does not take a month as a recipient', () => {
    expect(findCertificateDetails('Awarded on June 5, 2026').recipientName).toBeNull();
  });

  it('reads the recipient on the line after the trigger, a user name included', () => {
    const text = 'Issued March 19, 2021\nThis certifies that\nazaterol\nhas successfully completed the course';
    expect(findCertificateDetails(text).recipientName).toBe('azaterol');
  });

  it('reads a blank recipient line as no recipient, never the next words', () => {
    const text = 'This Certificate Is Presented To\n-——— —- ree - -— —m--F—- ————\nhas participated in the Program';
    expect(findCertificateDetails(text).recipientName).toBeNull();
  });

  it('reads a key/value header (positioned cells), its date in the order of the page', () => {
    const row = (line: number, ...cells: string[]) => ({
      page: 1,
      line,
      text: cells.join(' '),
      cells: cells.map((text, i) => ({ text, x: i * 100 })),
    });
    const lines = [
      row(1, 'Client-Worker:', 'Jane Doe', 'Current Address:', 'Cherry Lane'),
      row(2, 'Start Date:', '08/10/2025', 'Probation Officer:', 'Sam Poe'),
      row(3, 'Date Issued:', 'August 11th, 2025', 'Court ID:', '2244321'),
    ];
    const details = findCertificateDetails('August 11th, 2025Date Issued:\n08/10/2025Start Date:', lines);
    expect(details.recipientName).toBe('Jane Doe');
    expect(details.completionDate).toBe('2025-08-11');
  });

  it('takes the subject of "certifies that" as the issuer, and the signer above a title', () => {
    const text =
      'Programming Hub Certifies that\nMatthew Comee\nhas successfully completed\nNigel Crasto\nDirector\nPROGRAMMING HUB';
    expect(findCertificateDetails(text)).toMatchObject({
      recipientName: 'Matthew Comee',
      issuingOrganization: 'Programming Hub',
      certificateAuthor: 'Nigel Crasto',
    });
  });

  it("reads the issuer from a signer's title line, never a sponsor", () => {
    const text =
      'This certifies that\nAnn Lee\nhas completed 6 CE hours, sponsored by Acme Pharma Foundation\nQuincy Larson\nExecutive Director, freeCodeCamp.org';
    expect(findCertificateDetails(text)).toMatchObject({
      issuingOrganization: 'freeCodeCamp.org',
      certificateAuthor: 'Quincy Larson',
    });
  });

  it('reads signers side by side, their titles in the cells below', () => {
    const row = (line: number, ...cells: string[]) => ({
      page: 1,
      line,
      text: cells.join(' '),
      cells: cells.map((text, i) => ({ text, x: i * 400 })),
    });
    const lines = [
      row(1, 'Dr Ajmeera Kiran', 'Dr Allam Balaram', 'Dr K Srinivas Rao'),
      row(2, 'Co-Ordinator', 'Convenor & HoD CSE', 'Principal, MLRIT'),
    ];
    expect(findCertificateDetails(lines.map((l) => l.text).join('\n'), lines)).toMatchObject({
      certificateAuthor: 'Dr Ajmeera Kiran',
      issuingOrganization: 'MLRIT',
    });
  });

  it('reads a signer whose name carries credentials, the title on the line below', () => {
    const text = 'Respectfully submitted,\nIrene Castillo, LCSW\nTraining Director, Bayside Crisis Center';
    expect(findCertificateDetails(text)).toMatchObject({
      certificateAuthor: 'Irene Castillo',
      issuingOrganization: 'Bayside Crisis Center',
    });
  });

  it('never takes a sponsor or an accreditor for the issuer of a CE certificate', () => {
    const text = [
      'Certificate of Attendance',
      'This is to certify that',
      'Maria Gonzales',
      'attended Ethics in Telehealth (3 CE hours)',
      'Sponsored by: Northwind Pharma Foundation',
      'Provider: Lakeside Counseling Institute',
      'Lakeside Counseling Institute is approved by the American Psychological Association to sponsor continuing education.',
    ].join('\n');
    expect(findCertificateDetails(text)).toMatchObject({
      recipientName: 'Maria Gonzales',
      issuingOrganization: 'Lakeside Counseling Institute',
    });
  });
});
