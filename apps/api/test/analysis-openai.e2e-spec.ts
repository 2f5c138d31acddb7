import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYLLABUS_TITLE, createCredentialWithDocuments, syllabusPdf, waitForAnalysis, type FixtureDocument } from './fixtures';
import { startTestApi, TestApi } from './support/test-app';

type Mode = 'good' | 'garbage' | 'invalid' | 'error';

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
}

/** What the model "reads" in the syllabus: mostly right, plus an invented hour count and an invented person. */
const MODEL_ANSWER = {
  title: SYLLABUS_TITLE,
  contactHours: 40,
  learningObjectives: ['mind-body connection', 'client assessment', 'parts therapy', 'case formulation', 'ethics'],
  modulesOrWeeks: 12,
  assessmentMethods: ['quiz', 'case study', 'paper', 'final'],
  topics: ['somatic psychology', 'parts work'],
  certificate: { recipientName: null, issuingOrganization: 'Mind Body Institute of Integrative Psychology', certificateAuthor: null, completionDate: null },
  contacts: [
    { name: 'Helen Carter', title: 'Program Director', email: 'helen.carter@mindbody-institute.org', organization: 'Mind Body Institute' },
    { name: 'Invented Person', title: 'Dean', email: 'ghost@nowhere.example.com', organization: 'Nowhere University' },
  ],
  completionEvidence: false,
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/** The OpenAI SDK, pointed by OPENAI_BASE_URL at this server, which speaks the chat completions endpoint. */
describe('credential analysis with the OpenAI analyzer (real SDK, local server)', () => {
  let api: TestApi;
  let server: Server;
  let mode: Mode = 'good';
  const requests: { path: string; authorization: string | undefined; body: ChatRequest }[] = [];
  let syllabus: FixtureDocument;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = JSON.parse(await readBody(request)) as ChatRequest;
      requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
      if (mode === 'error') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom', type: 'server_error' } }));
        return;
      }
      const content =
        mode === 'garbage' ? 'Sure! Here are the signals you asked for.' : JSON.stringify(mode === 'invalid' ? { ...MODEL_ANSWER, contactHours: 'lots' } : MODEL_ANSWER);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    api = await startTestApi({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'test-model', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` });
    syllabus = { fileName: 'syllabus.pdf', documentType: 'syllabus', fileType: 'application/pdf', bytes: await syllabusPdf() };
  });

  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  beforeEach(() => {
    requests.length = 0;
  });

  async function analyze(name: string): Promise<{ id: string; documents: { analyzer: string; fallbackReason?: string }[] }> {
    const id = await createCredentialWithDocuments(api, name, [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    const analyses = await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200);
    return { id, documents: analyses.body[0].results.documents };
  }

  it('asks the configured model for strict JSON-schema output and keeps only what the document backs', async () => {
    mode = 'good';
    const { id, documents } = await analyze('With OpenAI');
    expect(requests).toHaveLength(1);
    const [call] = requests;
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
    expect(evaluation).toMatchObject({ contactHours: 36, totalCredits: 3.6, minimumRequirementsMet: true, completionEvidence: false });
    expect(evaluation.matchedCourses).toEqual(['PSY 210 Psychosomatic Medicine and Mind-Body Practice', 'PSY 215 Parts Therapy and Ego States']);
    // The invented person is dropped (the address is not in the document); the model's title for a real one is kept.
    expect(evaluation.leadContacts).toEqual([
      { name: 'Helen Carter', title: 'Program Director', email: 'helen.carter@mindbody-institute.org', organization: 'Mind Body Institute' },
      { name: 'Samuel Ortiz', title: 'Admissions Coordinator', email: 'samuel.ortiz@mindbody-institute.org', organization: 'Mind Body Institute' },
    ]);
    const combined = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body[1].results;
    expect(combined.topics).toEqual(expect.arrayContaining(['psychosomatic', 'somatic psychology', 'parts work']));
  });

  it.each([
    ['an answer that is not JSON', 'garbage' as const, /JSON/],
    ['JSON that breaks the schema', 'invalid' as const, /contactHours must be a number/],
    ['a 500 error', 'error' as const, /500/],
  ])('falls back to the local analyzer on %s', async (_label, failure, reason) => {
    mode = failure;
    const { id, documents } = await analyze(`Fallback ${failure}`);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(documents[0]).toMatchObject({ analyzer: 'local', fallbackReason: expect.stringMatching(reason) });
    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    expect(evaluation).toMatchObject({ contactHours: 36, totalCredits: 3.6, minimumRequirementsMet: true });
    expect(evaluation.leadContacts[0]).toMatchObject({ name: 'Dr. Helen Carter', title: 'Instructor' });
  });
});
