import { groundModelSignals } from './ground-model-signals';
import { readDocumentSignals } from './local-document-signals';
import { readModelSignals, type ModelSignals } from './model-signals';

const answer: ModelSignals = {
  title: 'Intro to Somatic Work',
  contactHours: 30,
  learningObjectives: ['a', 'b', 'c'],
  modulesOrWeeks: 10,
  assessmentMethods: ['exam'],
  topics: ['somatics'],
  certificate: {
    recipientName: 'Ann Lee',
    issuingOrganization: 'Calm College',
    certificateAuthor: null,
    completionDate: '2025-01-15',
  },
  contacts: [{ name: 'Bo Chen', title: 'Dean', email: 'bo@calm.edu', organization: 'Calm College' }],
  completionEvidence: true,
  kind: 'certificate',
  courseCode: null,
  courseTitle: null,
  transcript: null,
};

describe('readModelSignals (the check of the answer)', () => {
  it('accepts an answer that follows the schema', () => {
    expect(readModelSignals(JSON.parse(JSON.stringify(answer)))).toEqual({ ok: true, value: answer });
  });

  it.each([
    ['not an object', [], /the answer must be a JSON object/],
    ['hours as text', { ...answer, contactHours: '30' }, /contactHours must be a number/],
    ['negative weeks', { ...answer, modulesOrWeeks: -1 }, /modulesOrWeeks must be a whole number/],
    ['an unknown assessment', { ...answer, assessmentMethods: ['vibes'] }, /assessmentMethods must be items from/],
    [
      'a bad date',
      { ...answer, certificate: { ...answer.certificate, completionDate: '15/01/2025' } },
      /completionDate must be a YYYY-MM-DD date/,
    ],
    ['an unknown kind', { ...answer, kind: 'letter' }, /kind must be one of transcript/],
    [
      'a course without a title',
      {
        ...answer,
        transcript: {
          institution: null,
          student: null,
          program: null,
          awardDate: null,
          creditSystem: 'semester',
          courses: [{ term: null, code: 'PSY 101', title: '', credits: 3, grade: 'A' }],
        },
      },
      /transcript.courses\[0\].title must be a non-empty string/,
    ],
    [
      'credits as text',
      {
        ...answer,
        transcript: {
          institution: null,
          student: null,
          program: null,
          awardDate: null,
          creditSystem: null,
          courses: [{ term: null, code: null, title: 'Ethics', credits: 'three', grade: null }],
        },
      },
      /transcript.courses\[0\].credits must be a number/,
    ],
    [
      'an unknown credit system',
      {
        ...answer,
        transcript: {
          institution: null,
          student: null,
          program: null,
          awardDate: null,
          creditSystem: 'trimester',
          courses: [],
        },
      },
      /creditSystem must be one of semester/,
    ],
    [
      'a contact without an address',
      { ...answer, contacts: [{ name: 'X', title: null, email: 'nope', organization: null }] },
      /email must be an email address/,
    ],
  ])('rejects %s', (_label, value, message) => {
    const read = readModelSignals(value);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.error).toMatch(message);
  });
});

describe('groundModelSignals', () => {
  const text = [
    'Intro to Somatic Work',
    'Calm College',
    'Total contact hours: 30. Ten weeks.',
    'This certifies that Ann Lee has completed the course on January 15, 2025.',
    'Dean Bo Chen, bo@calm.edu',
  ].join('\n');
  const local = readDocumentSignals({ fileName: 'a.pdf', documentType: 'certificate', text });

  it('keeps values the text backs', () => {
    const grounded = groundModelSignals(answer, local, text);
    expect(grounded).toMatchObject({
      contactHours: 30,
      certificate: { recipientName: 'Ann Lee', completionDate: '2025-01-15' },
    });
    expect(grounded.contacts.map((c) => c.email)).toEqual(['bo@calm.edu']);
  });

  it('falls back to the local reading for numbers, names, dates and addresses the text does not contain', () => {
    const invented: ModelSignals = {
      ...answer,
      contactHours: 45,
      certificate: { ...answer.certificate, recipientName: 'Zed Zulu', completionDate: '2025-02-01' },
      contacts: [{ name: 'Ghost', title: null, email: 'ghost@x.com', organization: null }],
    };
    const grounded = groundModelSignals(invented, local, text);
    expect(grounded.contactHours).toBe(local.contactHours);
    expect(grounded.certificate.recipientName).toBe(local.certificate.recipientName);
    expect(grounded.certificate.completionDate).toBe('2025-01-15');
    expect(grounded.contacts.map((c) => c.email)).toEqual(['bo@calm.edu']);
  });
});

describe('groundModelSignals on a transcript (the per-kind schema)', () => {
  const text = [
    'WESTBROOK COLLEGE',
    'Official Transcript',
    'Student: Dana Cole',
    'All units are quarter units.',
    'Course\tTitle\tUnits\tGrade',
    'PSY 101\tGeneral Psychology\t5.0\tA',
    'PSY 210\tAbnormal Psychology\t4.0\tB+',
    'ENG 100\tComposition\t3.0\tW',
    'Registrar: Lee Park, lee.park@westbrook.example.edu',
  ].join('\n');
  const local = readDocumentSignals({ fileName: 'transcript.docx', documentType: 'transcript', text });
  const transcript = (courses: NonNullable<ModelSignals['transcript']>['courses']): ModelSignals => ({
    ...answer,
    kind: 'transcript',
    certificate: {
      recipientName: 'Dana Cole',
      issuingOrganization: 'Westbrook College',
      certificateAuthor: null,
      completionDate: null,
    },
    contacts: [],
    transcript: {
      institution: 'Westbrook College',
      student: 'Dana Cole',
      program: null,
      awardDate: null,
      creditSystem: 'quarter',
      courses,
    },
  });

  it('keeps the rows on lines of the document, with those lines as evidence, converted by the credit system the text names', () => {
    const grounded = groundModelSignals(
      transcript([
        { term: null, code: 'PSY 101', title: 'General Psychology', credits: 5, grade: 'A' },
        { term: null, code: 'PSY 210', title: 'Abnormal Psychology', credits: 4, grade: 'B+' },
        { term: null, code: 'ENG 100', title: 'Composition', credits: 3, grade: 'W' },
      ]),
      local,
      text,
      'transcript.docx',
    );
    expect(grounded.kind).toBe('transcript');
    expect(grounded.transcript).toMatchObject({ creditSystem: 'quarter', quarterCredits: 9, student: 'Dana Cole' });
    expect(grounded.transcript?.courses.map((c) => [c.code, c.quarterCredits, c.evidence.line])).toEqual([
      ['PSY 101', 5, 6],
      ['PSY 210', 4, 7],
      ['ENG 100', 0, 8],
    ]);
    expect(grounded.evidence?.['transcript.creditSystem']).toMatchObject({ document: 'transcript.docx', line: 4 });
  });

  it('gives the local row for credits the document does not state, and no course it does not list', () => {
    const grounded = groundModelSignals(
      transcript([
        { term: null, code: 'PSY 101', title: 'General Psychology', credits: 50, grade: 'A' },
        { term: null, code: 'PSY 499', title: 'Clinical Internship', credits: 12, grade: 'A' },
      ]),
      local,
      text,
      'transcript.docx',
    );
    expect(grounded.transcript?.courses.map((c) => `${c.code} ${c.credits}`)).toEqual(
      local.transcript?.courses.map((c) => `${c.code} ${c.credits}`),
    );
    expect(grounded.transcript?.quarterCredits).toBe(local.transcript?.quarterCredits);
  });
});

describe('groundModelSignals: counts, methods and the kind; a figure stands only with a quote of the document', () => {
  const text = [
    'Week 1: Stress and the body',
    'Week 2: Breathing',
    'Assessment: a final exam.',
    'Somatic Practice, 12 hours in total',
  ].join('\n');
  const local = readDocumentSignals({ fileName: 'notes.pdf', documentType: 'other', text });

  it('keeps objectives one line holds, methods the text names, and numbers written beside their unit', () => {
    const grounded = groundModelSignals(
      {
        ...answer,
        kind: 'other',
        contactHours: 12,
        modulesOrWeeks: 2,
        learningObjectives: ['stress and the body', 'trauma recovery'],
        assessmentMethods: ['exam', 'portfolio'],
      },
      local,
      text,
    );
    // The local readers count no objectives here; 'portfolio' is named nowhere.
    expect(local.learningObjectives).toBe(0);
    expect(grounded).toMatchObject({
      contactHours: 12,
      modulesOrWeeks: 2,
      learningObjectives: 1,
      assessmentMethods: ['exam', 'final'],
    });
  });

  it('drops a number written without its unit, and a kind the text shows no sign of', () => {
    const grounded = groundModelSignals(
      { ...answer, kind: 'transcript', contactHours: 2, modulesOrWeeks: 12, learningObjectives: [] },
      local,
      text,
    );
    expect(grounded.contactHours).toBe(local.contactHours);
    expect(grounded.modulesOrWeeks).toBe(local.modulesOrWeeks);
    // The local readers found a syllabus (weeks, an assessment): the model's 'transcript' does not override it.
    expect(local.kind).toBe('syllabus');
    expect(grounded.kind).toBe('syllabus');
    const notes = 'Somatic Practice notes: breathing and posture for the group, 12 hours in total.';
    const plain = readDocumentSignals({ fileName: 'notes.pdf', documentType: 'other', text: notes });
    expect(plain.kind).toBe('other');
    expect(groundModelSignals({ ...answer, kind: 'transcript' }, plain, notes).kind).toBe('other');
    expect(
      groundModelSignals({ ...answer, kind: 'certificate' }, plain, `${notes} Certificate of attendance.`).kind,
    ).toBe('certificate');
  });

  it('keeps a figure the text states, with the line that states it as its quote', () => {
    expect(local.contactHours).toBeNull();
    const grounded = groundModelSignals({ ...answer, kind: 'other', contactHours: 12 }, local, text, 'notes.pdf');
    expect(grounded.contactHours).toBe(12);
    expect(grounded.evidence?.contactHours).toEqual({
      document: 'notes.pdf',
      page: 1,
      line: 4,
      quote: 'Somatic Practice, 12 hours in total',
    });
  });

  it('drops a figure no line states, and with it any quote', () => {
    const grounded = groundModelSignals({ ...answer, kind: 'other', contactHours: 40 }, local, text, 'notes.pdf');
    expect(grounded.contactHours).toBeNull();
    expect(grounded.evidence?.contactHours).toBeUndefined();
  });
});
