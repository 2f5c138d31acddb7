import { layoutPdf } from './corpus/layout';
import { SEMESTER_TRANSCRIPT } from './corpus/transcripts';
import { createCredentialWithDocuments, syllabusDocument, waitForAnalysis, type FixtureDocument } from './fixtures';
import {
  startOpenAiStandIn,
  SYLLABUS_MODEL_ANSWER as MODEL_ANSWER,
  type OpenAiStandIn,
} from './support/openai-stand-in';
import { startTestApi, TestApi } from './support/test-app';

type Mode = 'good' | 'garbage' | 'invalid' | 'error' | 'transcript';

const row = (term: string, code: string, title: string, credits: number, grade: string) => ({
  term,
  code,
  title,
  credits,
  grade,
});

/**
 * The model's reading of the semester transcript in the per-kind schema: right on most rows, but PSY 101's credits
 * are invented (4, the row says 3.0), a course the transcript never lists is added, and Human Biology is left out.
 */
const TRANSCRIPT_ANSWER = {
  ...MODEL_ANSWER,
  title: 'Official Academic Transcript',
  contactHours: null,
  learningObjectives: [],
  modulesOrWeeks: null,
  assessmentMethods: [],
  topics: [],
  certificate: {
    recipientName: 'Jordan A. Rivera',
    issuingOrganization: 'Northbridge University',
    certificateAuthor: 'Helen Marsh',
    completionDate: '2024-05-18',
  },
  contacts: [
    {
      name: 'Helen Marsh',
      title: 'University Registrar',
      email: 'hmarsh@northbridge.edu',
      organization: 'Northbridge University',
    },
  ],
  completionEvidence: true,
  kind: 'transcript',
  transcript: {
    institution: 'Northbridge University',
    student: 'Jordan A. Rivera',
    program: 'Bachelor of Arts in Psychology',
    awardDate: '2024-05-18',
    creditSystem: 'semester',
    courses: [
      row('Fall 2022', 'PSY 101', 'Introduction to Psychology', 4, 'A'),
      row('Fall 2022', 'ENG 110', 'College Writing', 3, 'B+'),
      row('Fall 2022', 'PSY 230', 'Abnormal Psychology', 3, 'A-'),
      row('Fall 2022', 'MAT 140', 'Statistics for the Behavioral Sciences', 4, 'W'),
      row('Spring 2023', 'PSY 240', 'Foundations of Counseling Skills', 3, 'B'),
      row('Spring 2023', 'PSY 250', 'Trauma-Informed Care', 3, 'A'),
      row('Spring 2023', 'PSY 260', 'Health Psychology', 3, 'B+'),
      row('Spring 2023', 'PSY 499', 'Advanced Clinical Hypnosis', 6, 'A'),
    ],
  },
};

/** The OpenAI SDK, pointed by OPENAI_BASE_URL at this server, which speaks the chat completions endpoint. */
describe('credential analysis with the OpenAI analyzer (real SDK, local server)', () => {
  let api: TestApi;
  let standIn: OpenAiStandIn;
  let mode: Mode = 'good';
  const requests = (): OpenAiStandIn['requests'] => standIn.requests;
  let syllabus: FixtureDocument;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn(() =>
      mode === 'error'
        ? { status: 500 }
        : {
            content:
              mode === 'garbage'
                ? 'Sure! Here are the signals you asked for.'
                : JSON.stringify(
                    mode === 'invalid'
                      ? { ...MODEL_ANSWER, contactHours: 'lots' }
                      : mode === 'transcript'
                        ? TRANSCRIPT_ANSWER
                        : MODEL_ANSWER,
                  ),
          },
    );
    api = await startTestApi({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'test-model',
      OPENAI_BASE_URL: standIn.baseUrl,
    });
    syllabus = await syllabusDocument();
  });

  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  beforeEach(() => {
    requests().length = 0;
  });

  async function analyze(
    name: string,
    document = syllabus,
  ): Promise<{ id: string; documents: { analyzer: string; fallbackReason?: string }[] }> {
    const id = await createCredentialWithDocuments(api, name, [document]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    const analyses = await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200);
    return { id, documents: analyses.body[0].results.documents };
  }

  it('asks the configured model for strict JSON-schema output and keeps only what the document backs', async () => {
    mode = 'good';
    const { id, documents } = await analyze('With OpenAI');
    expect(requests()).toHaveLength(1);
    const [call] = requests();
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.authorization).toBe('Bearer sk-test');
    expect(call.body.model).toBe('test-model');
    expect(call.body.response_format.type).toBe('json_schema');
    expect(call.body.response_format.json_schema).toMatchObject({ name: 'document_signals', strict: true });
    expect(call.body.response_format.json_schema.schema.required).toContain('contactHours');
    expect(call.body.messages[1].content).toContain('Total contact hours: 36');
    expect(documents[0]).toMatchObject({ analyzer: 'openai' });

    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    // 40 hours is written nowhere in the syllabus: our reading (36) stands, and credits are computed from it.
    expect(evaluation).toMatchObject({
      contactHours: 36,
      totalCredits: 3.6,
      minimumRequirementsMet: true,
      completionEvidence: false,
    });
    expect(evaluation.matchedCourses).toEqual([
      'PSY 210 Psychosomatic Medicine and Mind-Body Practice',
      'PSY 215 Parts Therapy and Ego States',
    ]);
    // The invented person is dropped (the address is not in the document); the model's title for a real one is kept.
    expect(evaluation.leadContacts).toEqual([
      {
        name: 'Helen Carter',
        title: 'Program Director',
        email: 'helen.carter@mindbody-institute.org',
        organization: 'Mind Body Institute',
      },
      {
        name: 'Samuel Ortiz',
        title: 'Admissions Coordinator',
        email: 'samuel.ortiz@mindbody-institute.org',
        organization: 'Mind Body Institute',
      },
    ]);
    const combined = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body[1]
      .results;
    expect(combined.topics).toEqual(expect.arrayContaining(['psychosomatic', 'somatic psychology', 'parts work']));
  });

  it.each([
    ['an answer that is not JSON', 'garbage' as const, /JSON/],
    ['JSON that breaks the schema', 'invalid' as const, /contactHours must be a number/],
    ['a 500 error', 'error' as const, /500/],
  ])('falls back to the local analyzer on %s', async (_label, failure, reason) => {
    mode = failure;
    const { id, documents } = await analyze(`Fallback ${failure}`);
    expect(requests().length).toBeGreaterThanOrEqual(1);
    expect(documents[0]).toMatchObject({ analyzer: 'local', fallbackReason: expect.stringMatching(reason) });
    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    expect(evaluation).toMatchObject({ contactHours: 36, totalCredits: 3.6, minimumRequirementsMet: true });
    expect(evaluation.leadContacts[0]).toMatchObject({ name: 'Dr. Helen Carter', title: 'Instructor' });
  });

  it('asks for the per-kind schema and keeps only the transcript rows the document backs, converted and with their lines', async () => {
    mode = 'transcript';
    const transcript = {
      fileName: 'records-2024.pdf',
      documentType: 'other' as const,
      fileType: 'application/pdf',
      bytes: await layoutPdf([SEMESTER_TRANSCRIPT]),
    };
    const { id, documents } = await analyze('Transcript with OpenAI', transcript);
    expect(requests()[0].body.response_format.json_schema.schema.required).toEqual(
      expect.arrayContaining(['kind', 'courseCode', 'courseTitle', 'transcript']),
    );
    expect(documents[0]).toMatchObject({ analyzer: 'openai', documentType: 'transcript' });

    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    // PSY 101 stays at the 3.0 its row states, PSY 499 is dropped, Human Biology (F) comes back from the local reading.
    expect(
      evaluation.transcripts[0].courses.map(
        (c: { code: string; credits: number; grade: string; quarterCredits: number }) =>
          `${c.code} ${c.credits} ${c.grade} ${c.quarterCredits}`,
      ),
    ).toEqual([
      'PSY 101 3 A 4.5',
      'ENG 110 3 B+ 4.5',
      'PSY 230 3 A- 4.5',
      'MAT 140 4 W 0',
      'PSY 240 3 B 4.5',
      'PSY 250 3 A 4.5',
      'BIO 105 4 F 0',
      'PSY 260 3 B+ 4.5',
    ]);
    expect(evaluation.transcripts[0].courses[0].evidence).toMatchObject({
      document: 'records-2024.pdf',
      page: 1,
      quote: expect.stringContaining('PSY 101 Introduction to Psychology 3.0 A'),
    });
    expect(evaluation).toMatchObject({
      totalCredits: 27,
      certificateDetails: {
        recipientName: 'Jordan A. Rivera',
        issuingOrganization: 'Northbridge University',
        completionDate: '2024-05-18',
      },
    });
    expect(evaluation.leadContacts).toEqual([
      {
        name: 'Helen Marsh',
        title: 'University Registrar',
        email: 'hmarsh@northbridge.edu',
        organization: 'Northbridge University',
      },
    ]);
    expect(evaluation.evidence['leadContacts.hmarsh@northbridge.edu']).toMatchObject({
      quote: expect.stringContaining('hmarsh@northbridge.edu'),
    });
  });
});
