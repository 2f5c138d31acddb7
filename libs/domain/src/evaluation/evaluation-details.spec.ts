import { evaluationDetails } from './evaluation-details';
import { combined, line, reading, row, transcript } from './spec-readings';

const S = 'syllabus.pdf';
const C = 'certificate.pdf';
const T = 'transcript.pdf';

const syllabus = reading('syllabus', 'syllabus', {
  contactHours: 40,
  modulesOrWeeks: 8,
  learningObjectives: 5,
  evidence: {
    courseTitle: line(S, 1, 'PSY 200 Trauma Care'),
    contactHours: line(S, 3, '40 contact hours'),
    modulesOrWeeks: line(S, 4, '8 weeks'),
    learningObjectives: line(S, 6, 'Learning objectives'),
    assessmentMethods: line(S, 9, 'Final exam'),
    'certificate.issuingOrganization': line(S, 2, 'Syllabus Press'),
    'contact.helen@example.org': line(S, 12, 'Helen Carter helen@example.org'),
  },
});
const certificate = reading('certificate', 'certificate', {
  contactHours: 36,
  evidence: {
    completionEvidence: line(C, 1, 'Certificate of Completion'),
    'certificate.issuingOrganization': line(C, 2, 'Trauma Institute'),
    'certificate.recipientName': line(C, 3, 'Ana Ruiz'),
    contactHours: line(C, 4, '36 hours'),
    'contact.helen@example.org': line(C, 9, 'Director: helen@example.org'),
  },
});

describe('evaluationDetails', () => {
  it("keys each document's lines by evaluation field, the certificate's first, and each criterion by the line behind it", () => {
    expect(evaluationDetails([syllabus, certificate])).toEqual({
      transcripts: [],
      missing: {},
      evidence: {
        completionEvidence: line(C, 1, 'Certificate of Completion'),
        'certificateDetails.issuingOrganization': line(C, 2, 'Trauma Institute'),
        'certificateDetails.recipientName': line(C, 3, 'Ana Ruiz'),
        contactHours: line(C, 4, '36 hours'),
        'leadContacts.helen@example.org': line(C, 9, 'Director: helen@example.org'),
        courseTitle: line(S, 1, 'PSY 200 Trauma Care'),
        modulesOrWeeks: line(S, 4, '8 weeks'),
        learningObjectives: line(S, 6, 'Learning objectives'),
        assessmentMethods: line(S, 9, 'Final exam'),
        instructionHours: line(C, 4, '36 hours'),
        curriculumStructure: line(S, 4, '8 weeks'),
        credentialSourceClarity: line(C, 2, 'Trauma Institute'),
      },
    });
  });

  it("quotes a combined figure from the document that gave it, and topic relevance from the best course's line", () => {
    const { evidence } = evaluationDetails(
      [syllabus, certificate],
      combined({
        contactHours: 40,
        modulesOrWeeks: 8,
        learningObjectives: 5,
        courseOverlaps: [
          {
            code: 'PSY 200',
            title: 'Trauma',
            credits: 3,
            overlap: 1,
            originalCourse: 'PSY 200 Trauma Care',
            evidence: line(S, 5, 'Module 1: Trauma'),
          },
        ],
      }),
    );
    // 40 hours are the syllabus's, so its line stands, not the certificate's '36 hours'.
    expect(evidence.contactHours).toEqual(line(S, 3, '40 contact hours'));
    expect(evidence.instructionHours).toEqual(line(S, 3, '40 contact hours'));
    expect(evidence.topicRelevance).toEqual(line(S, 5, 'Module 1: Trauma'));
    expect(Object.keys(evidence).sort()).toEqual([
      'assessmentMethods',
      'certificateDetails.issuingOrganization',
      'certificateDetails.recipientName',
      'completionEvidence',
      'contactHours',
      'courseTitle',
      'credentialSourceClarity',
      'curriculumStructure',
      'instructionHours',
      'leadContacts.helen@example.org',
      'learningObjectives',
      'modulesOrWeeks',
      'topicRelevance',
    ]);
  });

  it("gives a transcript's rows without its stated total, its hours the credit system's line, and topic relevance a matched row's line", () => {
    const psych = row('PSY 101', 'General Psychology', 4.5);
    const creditSystem = line(T, 2, 'Credits are quarter credits');
    const read = transcript([psych], 4.5, { creditSystem });
    const transcriptReading = reading('transcript', 'transcript', {
      contactHours: 900,
      transcript: { ...read, statedTotal: 4.5 },
      evidence: { contactHours: line(T, 20, '900 hours') },
    });
    const { transcripts, evidence } = evaluationDetails(
      [certificate, transcriptReading],
      combined({
        contactHours: 45,
        transcriptCredits: 4.5,
        transcriptEquivalencies: [
          { originalCourse: 'Elective', equivalentCourse: 'PSY 300 Electives', credits: 1 },
          {
            originalCourse: 'PSY 101 General Psychology',
            equivalentCourse: 'PSY 101 General Psychology',
            credits: 4.5,
            evidence: psych.evidence,
          },
        ],
        courseOverlaps: [
          {
            code: 'PSY 200',
            title: 'Trauma',
            credits: 3,
            overlap: 0.5,
            originalCourse: 'x',
            evidence: line(C, 7, 'x'),
          },
        ],
      }),
    );
    const { statedTotal: _stated, ...summary } = read;
    expect(transcripts).toEqual([summary]);
    expect(transcripts[0]).not.toHaveProperty('statedTotal');
    // The hours are the credits at 10 an hour: the line names the system, the derivation gives the figure.
    const derived = { ...creditSystem, derivation: '4.5 quarter credits × 10 contact hours a quarter credit = 45 h' };
    expect(evidence.contactHours).toEqual(derived);
    expect(evidence.instructionHours).toEqual(derived);
    expect(evidence.topicRelevance).toEqual(psych.evidence);
  });

  it("quotes a transcript's first row for the hours when no line names its credit system", () => {
    const psych = row('PSY 101', 'General Psychology', 4.5);
    const { evidence } = evaluationDetails([
      reading('empty', 'transcript', { transcript: transcript([], 0) }),
      reading('transcript', 'transcript', { transcript: transcript([psych], 4.5) }),
    ]);
    expect(evidence).toEqual({ contactHours: psych.evidence, instructionHours: psych.evidence });
  });

  it('has no lines for documents without evidence, and says what no line states', () => {
    expect(evaluationDetails([reading('flyer', 'other', {})], combined({}))).toEqual({
      transcripts: [],
      evidence: {},
      missing: { contactHours: 'no line in the documents states contact hours' },
    });
  });

  it("gives the document's own words for what is missing, and a certificate's empty fields", () => {
    const blank = reading('blank', 'certificate', {
      certificate: { recipientName: null, issuingOrganization: 'X', certificateAuthor: 'Y Z', completionDate: null },
      missing: {
        contactHours: 'the class meets 3 h a week (MWF), but no line states the weeks of the term',
        'certificate.recipientName': 'no line in the documents names the recipient',
      },
    });
    expect(evaluationDetails([blank], combined({})).missing).toEqual({
      contactHours: 'the class meets 3 h a week (MWF), but no line states the weeks of the term',
      'certificateDetails.recipientName': 'no line in the documents names the recipient',
    });
  });

  it('drops a line that does not write the figure it is given for (a day of a date is not hours)', () => {
    const dated = reading('dated', 'transcript', {
      contactHours: 15,
      evidence: { contactHours: line(T, 3, 'Degree Awarded: May 15, 2024') },
    });
    const { evidence } = evaluationDetails([dated], combined({ contactHours: 15 }));
    expect(evidence.contactHours).toBeUndefined();
    expect(evidence.instructionHours).toBeUndefined();
  });
});
