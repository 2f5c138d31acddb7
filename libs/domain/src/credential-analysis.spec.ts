import {
  allocateEquivalencyCredits,
  findCompletionEvidence,
  findDocumentTitle,
  mergeCertificateDetails,
  mergeContacts,
  recommendedCredits,
} from './credential-analysis';

describe('findCompletionEvidence', () => {
  it('accepts a certificate that says the course was completed and is dated', () => {
    expect(
      findCompletionEvidence('This certifies that Jane Doe has successfully completed the course on March 3, 2025'),
    ).toBe(true);
  });

  it('accepts a transcript with a final grade and a date', () => {
    expect(findCompletionEvidence('Official Transcript\nPSY 101 Final grade: A\nIssued 2024-06-01')).toBe(true);
  });

  it('rejects completion wording without any date', () => {
    expect(
      findCompletionEvidence('Participants who have completed the workshop receive a certificate of completion'),
    ).toBe(false);
  });

  it('rejects a dated flyer that only advertises', () => {
    expect(findCompletionEvidence('Join our workshop on May 5, 2025! Register now.')).toBe(false);
  });
});

describe('findDocumentTitle', () => {
  it('takes the first line that reads like a title', () => {
    expect(findDocumentTitle('\n  \n12\nFoundations of Psychosomatic Practice\nWeek 1', 'x.pdf')).toBe(
      'Foundations of Psychosomatic Practice',
    );
  });

  it('falls back to the file name without its extension', () => {
    expect(findDocumentTitle('', 'my-syllabus.pdf')).toBe('my-syllabus');
  });
});

describe('recommendedCredits', () => {
  it('gives 1 quarter credit per 10 contact hours when the minimum is met', () => {
    expect(recommendedCredits(36, true)).toBe(3.6);
  });

  it('gives nothing when the minimum is not met, whatever the hours', () => {
    expect(recommendedCredits(36, false)).toBe(0);
  });

  it('gives nothing without stated hours', () => {
    expect(recommendedCredits(null, true)).toBe(0);
  });
});

describe('allocateEquivalencyCredits', () => {
  const course = (equivalentCourse: string, courseCredits: number) => ({
    originalCourse: 'Syllabus',
    equivalentCourse,
    courseCredits,
  });

  it('never hands out more than the credential earned, best match first', () => {
    expect(allocateEquivalencyCredits([course('A', 3), course('B', 3)], 3.6)).toEqual([
      { originalCourse: 'Syllabus', equivalentCourse: 'A', credits: 3 },
      { originalCourse: 'Syllabus', equivalentCourse: 'B', credits: 0.6 },
    ]);
  });

  it('drops courses once nothing is left', () => {
    expect(allocateEquivalencyCredits([course('A', 3), course('B', 3)], 2)).toEqual([
      { originalCourse: 'Syllabus', equivalentCourse: 'A', credits: 2 },
    ]);
  });

  it('gives no equivalency without credits', () => {
    expect(allocateEquivalencyCredits([course('A', 3)], 0)).toEqual([]);
  });
});

describe('mergeCertificateDetails', () => {
  it('takes each field from the first document that states it', () => {
    expect(
      mergeCertificateDetails([
        { recipientName: 'Jane Doe', issuingOrganization: null, certificateAuthor: null, completionDate: '2025-03-03' },
        {
          recipientName: 'Someone Else',
          issuingOrganization: 'Mind Body Institute',
          certificateAuthor: 'Dr. Alan Reed',
          completionDate: null,
        },
      ]),
    ).toEqual({
      recipientName: 'Jane Doe',
      issuingOrganization: 'Mind Body Institute',
      certificateAuthor: 'Dr. Alan Reed',
      completionDate: '2025-03-03',
    });
  });

  it('is all empty without documents', () => {
    expect(mergeCertificateDetails([])).toEqual({
      recipientName: null,
      issuingOrganization: null,
      certificateAuthor: null,
      completionDate: null,
    });
  });
});

describe('mergeContacts', () => {
  it('keeps one contact per address and fills missing fields from later mentions', () => {
    expect(
      mergeContacts([
        [{ name: 'Maria Lopez', title: null, email: 'Maria@uni.edu', organization: null }],
        [
          { name: 'Maria Lopez', title: 'Program Director', email: 'maria@uni.edu', organization: 'State University' },
          { name: 'Tom Brown', title: null, email: 'tom@uni.edu', organization: null },
        ],
      ]),
    ).toEqual([
      { name: 'Maria Lopez', title: 'Program Director', email: 'maria@uni.edu', organization: 'State University' },
      { name: 'Tom Brown', title: null, email: 'tom@uni.edu', organization: null },
    ]);
  });
});
