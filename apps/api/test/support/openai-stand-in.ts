import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYLLABUS_TITLE } from '../fixtures/syllabus';
import { strictSchemaProblem } from './openai-strict-schema';

/**
 * A local server that speaks OpenAI's chat completions endpoint, so the real SDK (OPENAI_BASE_URL) can be pointed at
 * it: the analysis e2e test and `npm run eval:accuracy -- --openai-stand-in` use it. Like the service, it refuses a
 * strict `json_schema` response format that structured outputs do not support (400 invalid_request_error).
 */

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: {
    type: string;
    json_schema: { name: string; strict: boolean; schema: { required: string[]; properties: Record<string, unknown> } };
  };
}

/** What the model "reads" in the syllabus: mostly right, plus an invented hour count and an invented person. */
export const SYLLABUS_MODEL_ANSWER = {
  title: SYLLABUS_TITLE,
  contactHours: 40,
  learningObjectives: ['mind-body connection', 'client assessment', 'parts therapy', 'case formulation', 'ethics'],
  modulesOrWeeks: 12,
  assessmentMethods: ['quiz', 'case study', 'paper', 'final'],
  topics: ['somatic psychology', 'parts work'],
  certificate: {
    recipientName: null,
    issuingOrganization: 'Mind Body Institute of Integrative Psychology',
    certificateAuthor: null,
    completionDate: null,
  },
  contacts: [
    {
      name: 'Helen Carter',
      title: 'Program Director',
      email: 'helen.carter@mindbody-institute.org',
      organization: 'Mind Body Institute',
    },
    { name: 'Invented Person', title: 'Dean', email: 'ghost@nowhere.example.com', organization: 'Nowhere University' },
  ],
  completionEvidence: false,
  kind: 'syllabus',
  courseCode: null,
  courseTitle: null,
  transcript: null,
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/** What the stand-in answers: the model's message content, or an HTTP error. */
export type StandInAnswer = { content: string } | { status: number };

export interface OpenAiStandIn {
  baseUrl: string;
  requests: { path: string; authorization: string | undefined; body: ChatRequest }[];
  close(): Promise<void>;
}

export async function startOpenAiStandIn(answer: (request: ChatRequest) => StandInAnswer): Promise<OpenAiStandIn> {
  const requests: OpenAiStandIn['requests'] = [];
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as ChatRequest;
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const format = body.response_format;
    const refused =
      format?.type === 'json_schema' && format.json_schema?.strict
        ? strictSchemaProblem(format.json_schema.schema, format.json_schema.name)
        : null;
    if (refused) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: refused, type: 'invalid_request_error', param: 'response_format', code: null },
        }),
      );
      return;
    }
    const reply = answer(body);
    if ('status' in reply) {
      response
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'boom', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.content, refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
