import type { CourseMatchResult } from '../reading/course-equivalency';
import type { CatalogCourse } from '../topic-overlap';
import {
  combineReadings,
  computeCourseOverlaps,
  computeCoveredTopics,
  computeTranscriptMatches,
  type CourseOverlap,
} from './combined-analysis';
import { reading, row, transcript } from './spec-readings';

const CATALOG: CatalogCourse[] = [
  {
    code: 'PSY 200',
    title: 'Trauma and Recovery',
    topics: ['trauma', 'resilience', 'grief counseling'],
    hours: 30,
    credits: 3,
  },
  {
    code: 'PSY 101',
    title: 'General Psychology',
    topics: ['memory', 'perception', 'motivation'],
    hours: 40,
    credits: 4,
  },
  { code: 'PSY 300', title: 'Neuroscience', topics: ['neuroscience', 'trauma'], hours: 30, credits: 3 },
];

describe('combineReadings', () => {
  const overlaps: CourseOverlap[] = [
    { code: 'PSY 200', title: 'Trauma and Recovery', credits: 3, overlap: 1, originalCourse: 'syllabus title' },
  ];

  it('takes the largest hours, weeks and objectives of documents telling one credential, not their sum', () => {
    const combined = combineReadings(
      [
        reading('syllabus', 'syllabus', {
          contactHours: 36,
          modulesOrWeeks: 8,
          learningObjectives: 5,
          assessmentMethods: ['project', 'exam'],
          topics: ['Trauma'],
        }),
        reading('certificate', 'certificate', {
          contactHours: 36,
          learningObjectives: 2,
          assessmentMethods: ['quiz', 'project'],
          topics: ['Ethics', 'trauma', 'Attachment'],
        }),
      ],
      overlaps,
      ['ethics', 'resilience'],
    );
    expect(combined).toEqual({
      documentCount: 2,
      contactHours: 36,
      learningObjectives: 5,
      modulesOrWeeks: 8,
      // Pooled, in the order of ASSESSMENT_METHODS.
      assessmentMethods: ['exam', 'quiz', 'project'],
      // The catalog topics first, then each named subject once (case ignored) that the catalog topics lack.
      topics: ['ethics', 'resilience', 'Trauma', 'Attachment'],
      courseOverlaps: overlaps,
      transcriptCredits: null,
      transcriptEquivalencies: [],
      transcriptOverlap: 0,
    });
  });

  it('leaves hours and weeks unknown when no document states them', () => {
    const combined = combineReadings([reading('flyer', 'other', {})], [], []);
    expect(combined.contactHours).toBeNull();
    expect(combined.modulesOrWeeks).toBeNull();
    expect(combined.learningObjectives).toBe(0);
    expect(combined.assessmentMethods).toEqual([]);
    expect(combined.topics).toEqual([]);
  });

  it("counts a transcript's hours as its quarter credits times 10, not a number written in it", () => {
    const combined = combineReadings(
      [
        reading('transcript', 'transcript', {
          contactHours: 900,
          transcript: transcript([row('PSY 101', 'General Psychology', 4.5), row('ENG 101', 'Composition', 3)], 7.5),
        }),
        reading('syllabus', 'syllabus', { contactHours: 40 }),
      ],
      [],
      [],
    );
    expect(combined.transcriptCredits).toBe(7.5);
    expect(combined.contactHours).toBe(75);
  });

  it("keeps another document's hours when they are more than the transcripts' credits give", () => {
    const combined = combineReadings(
      [
        reading('transcript', 'transcript', { transcript: transcript([row('PSY 101', 'General Psychology', 4)], 4) }),
        reading('certificate', 'certificate', { contactHours: 120 }),
      ],
      [],
      [],
    );
    expect(combined.transcriptCredits).toBe(4);
    expect(combined.contactHours).toBe(120);
  });

  it('adds the credits of several transcripts, to the hundredth, and reads one without course rows as any document', () => {
    const combined = combineReadings(
      [
        reading('first', 'transcript', { transcript: transcript([row('PSY 101', 'General Psychology', 4.5)], 4.5) }),
        reading('second', 'transcript', { transcript: transcript([row('PSY 102', 'Memory', 1.333)], 1.333) }),
        reading('empty', 'transcript', { contactHours: 30, transcript: transcript([], 0) }),
      ],
      [],
      [],
    );
    expect(combined.transcriptCredits).toBe(5.83);
    // 58.3 hours from the credits; the transcript without rows says 30.
    expect(combined.contactHours).toBe(58.3);
  });

  it('turns the transcript matches into equivalencies and keeps their best overlap', () => {
    const psych = row('PSY 101', 'General Psychology', 4.5);
    const trauma = row(null, 'Trauma Studies', 3);
    const [trauma200, general101] = [CATALOG[0], CATALOG[1]] as [CatalogCourse, CatalogCourse];
    const matches: CourseMatchResult[] = [
      { course: psych, catalog: general101, overlap: 1 },
      { course: trauma, catalog: trauma200, overlap: 0.8 },
    ];
    const combined = combineReadings([], [], [], matches);
    expect(combined.transcriptEquivalencies).toEqual([
      {
        originalCourse: 'PSY 101 General Psychology',
        equivalentCourse: 'PSY 101 General Psychology',
        credits: 4.5,
        evidence: psych.evidence,
      },
      {
        originalCourse: 'Trauma Studies',
        equivalentCourse: 'PSY 200 Trauma and Recovery',
        credits: 3,
        evidence: trauma.evidence,
      },
    ]);
    expect(combined.transcriptOverlap).toBe(1);
    expect(combined.documentCount).toBe(0);
  });
});

describe('computeCourseOverlaps', () => {
  const documents = [
    {
      documentId: 'syllabus',
      fileName: 'syllabus.pdf',
      text: 'Course outline\nModule 1: Trauma\nModule 2: Resilience',
    },
    {
      documentId: 'certificate',
      fileName: 'certificate.pdf',
      text: 'Certificate in grief counseling\nMemory and mood',
    },
  ];
  const readings = [
    reading('syllabus', 'syllabus', { title: 'Trauma Informed Care' }),
    reading('certificate', 'certificate', { title: 'Grief Counseling Certificate' }),
  ];

  it('gives every catalog course its overlap over all the documents, best first, with the document covering it best', () => {
    expect(computeCourseOverlaps(CATALOG, documents, readings)).toEqual([
      {
        code: 'PSY 200',
        title: 'Trauma and Recovery',
        credits: 3,
        // trauma and resilience in the syllabus, grief counseling in the certificate: 3 of 3 together.
        overlap: 1,
        // The syllabus alone holds 2 of 3, the certificate 1 of 3.
        originalCourse: 'Trauma Informed Care',
        evidence: { document: 'syllabus.pdf', page: 1, line: 2, quote: 'Module 1: Trauma' },
      },
      {
        code: 'PSY 300',
        title: 'Neuroscience',
        credits: 3,
        overlap: 0.5,
        originalCourse: 'Trauma Informed Care',
        evidence: { document: 'syllabus.pdf', page: 1, line: 2, quote: 'Module 1: Trauma' },
      },
      {
        code: 'PSY 101',
        title: 'General Psychology',
        credits: 4,
        // 1 of 3, to three decimals.
        overlap: 0.333,
        originalCourse: 'Grief Counseling Certificate',
        evidence: { document: 'certificate.pdf', page: 1, line: 2, quote: 'Memory and mood' },
      },
    ]);
  });

  it("names the first document's title and gives no evidence for a course no document covers", () => {
    const [first] = computeCourseOverlaps(
      [{ code: 'BIO 100', title: 'Biology', topics: ['cell biology'], hours: 30, credits: 3 }],
      documents,
      readings,
    );
    expect(first).toEqual({
      code: 'BIO 100',
      title: 'Biology',
      credits: 3,
      overlap: 0,
      originalCourse: 'Trauma Informed Care',
    });
  });

  it("quotes the document's positioned lines when it has them, and names a document without a reading by its file", () => {
    const positioned = [
      {
        ...documents[1]!,
        lines: [{ page: 2, line: 7, text: 'Memory and mood', cells: [{ text: 'Memory and mood', x: 0 }] }],
      },
    ];
    const [general] = computeCourseOverlaps([CATALOG[1]!], positioned, readings.slice(0, 1));
    expect(general).toEqual({
      code: 'PSY 101',
      title: 'General Psychology',
      credits: 4,
      overlap: 0.333,
      originalCourse: 'certificate.pdf',
      evidence: { document: 'certificate.pdf', page: 2, line: 7, quote: 'Memory and mood' },
    });
  });
});

describe('computeCoveredTopics', () => {
  it('lists each catalog topic the documents hold whole, once, alphabetically', () => {
    const documents = [
      { documentId: 'a', fileName: 'a.pdf', text: 'Trauma and resilience' },
      { documentId: 'b', fileName: 'b.pdf', text: 'grief and counseling; memories' },
    ];
    // 'grief counseling' is found with its words apart; 'memories' is 'memory'; 'trauma' is in two courses.
    expect(computeCoveredTopics(CATALOG, documents)).toEqual(['grief counseling', 'memory', 'resilience', 'trauma']);
  });

  it('lists nothing for documents without catalog topics', () => {
    expect(
      computeCoveredTopics(CATALOG, [{ documentId: 'a', fileName: 'a.pdf', text: 'Watercolour painting' }]),
    ).toEqual([]);
  });
});

describe('computeTranscriptMatches', () => {
  const special = row('PSY 250', 'Special Topics', 3);
  const failed = row('PSY 260', 'Trauma and Recovery', 0);
  const named = row('PSY 270', 'Trauma and Recovery', 4);
  const transcriptReading = reading('transcript', 'transcript', {
    kind: 'transcript',
    transcript: transcript([special, failed, named], 7),
  });
  const syllabus = reading('syllabus', 'syllabus', {
    kind: 'syllabus',
    courseCode: 'PSY250',
    courseTitle: 'Special Topics',
  });
  const documents = [
    { documentId: 'transcript', fileName: 'transcript.pdf', text: 'PSY 250 Special Topics 3 A' },
    { documentId: 'syllabus', fileName: 'syllabus.pdf', text: 'Weeks on trauma, resilience and grief counseling' },
  ];

  it('matches a course by the topics of a syllabus about it, another by its title, and skips a row that earned nothing', () => {
    expect(computeTranscriptMatches(CATALOG, documents, [transcriptReading, syllabus])).toEqual([
      { course: special, catalog: CATALOG[0], overlap: 1 },
      { course: named, catalog: CATALOG[0], overlap: 1 },
    ]);
  });

  it('leaves a course whose title says nothing of the catalog unmatched without its syllabus', () => {
    expect(computeTranscriptMatches(CATALOG, documents, [transcriptReading])).toEqual([
      { course: named, catalog: CATALOG[0], overlap: 1 },
    ]);
  });

  it('reads nothing from a syllabus whose text is not among the documents', () => {
    expect(computeTranscriptMatches(CATALOG, documents.slice(0, 1), [transcriptReading, syllabus])).toEqual([
      { course: named, catalog: CATALOG[0], overlap: 1 },
    ]);
  });

  it('matches nothing without a transcript', () => {
    expect(computeTranscriptMatches(CATALOG, documents, [syllabus])).toEqual([]);
  });
});
