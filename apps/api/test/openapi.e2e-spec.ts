import { ROUTE_SCOPES, ROUTES, WEBHOOK_EVENT_TYPES, type RouteDefinition } from '@app/contracts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OpenApiContract } from './support/openapi-contract';
import { startTestApi, type TestApi } from './support/test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const REDOCLY = require.resolve('@redocly/cli/bin/cli.js');

/** Security requirements in a stable order (the document lists the controller's before the route's). */
function sortSecurity(security: Array<Record<string, string[]>> | undefined): string[] {
  return (security ?? []).map((requirement) => JSON.stringify(requirement)).sort();
}

/** `/api/credentials/:id` as OpenAPI writes it: `/api/credentials/{id}`. */
function openApiPath(route: RouteDefinition): string {
  return route.path.replace(/:([A-Za-z]+)/g, '{$1}');
}

describe('the OpenAPI document', () => {
  let api: TestApi;
  let document: OpenApiDocument;

  beforeAll(async () => {
    api = await startTestApi();
    document = (await api.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
  });
  afterAll(() => api.close());

  it('has exactly the operations of the route map, each named after its route, with its summary', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(documented.map((d) => d.operation.operationId).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, route] of Object.entries(ROUTES)) {
      const operation = document.paths[openApiPath(route)]?.[route.method.toLowerCase()];
      expect({ name, operationId: operation?.operationId, summary: operation?.summary }).toEqual({
        name,
        operationId: name,
        summary: route.summary,
      });
    }
  });

  it('declares public routes with security: [], staff routes with the bearer token, applicant routes with either, and the API key scopes that reach each route', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      const security = document.paths[openApiPath(route)][route.method.toLowerCase()].security;
      const scopes = ROUTE_SCOPES[name as keyof typeof ROUTES];
      const apiKey: Array<Record<string, string[]>> = scopes.length > 0 ? [{ apiKey: [...scopes] }] : [];
      const expected =
        route.access === 'public'
          ? []
          : route.access === 'api-client'
            ? apiKey
            : route.access === 'applicant'
              ? [{ bearer: [] }, { applicantToken: [] }, ...apiKey]
              : [{ bearer: [] }, ...apiKey];
      expect({ name, security: sortSecurity(security) }).toEqual({ name, security: sortSecurity(expected) });
    }
  });

  it('declares API keys as their own bearer scheme, and every webhook event in the webhooks section', () => {
    const full = document as unknown as {
      openapi: string;
      components: { securitySchemes: Record<string, unknown> };
      webhooks: Record<string, { post: { parameters: Array<{ name: string }>; requestBody: unknown } }>;
    };
    expect(full.openapi).toBe('3.1.0');
    expect(full.components.securitySchemes['apiKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(full.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const hook of Object.values(full.webhooks)) {
      expect(hook.post.parameters.map((parameter) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
  });

  it('declares the applicant token as an API key header scheme beside the bearer scheme', () => {
    const schemes = (document as { components?: { securitySchemes?: Record<string, unknown> } }).components
      ?.securitySchemes;
    expect(schemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      applicantToken: { type: 'apiKey', in: 'header', name: 'x-applicant-token' },
    });
  });

  it('passes redocly lint (recommended rules) with no error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const result = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--extends=recommended', '--format=json'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('fails an answer that breaks it: a wrong null, a missing property, a wrong type, an unlisted success status', () => {
    const contract = new OpenApiContract(document);
    const answer = (status: number, body: unknown) =>
      ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body }) as never;
    const detail = { enrollment: { id: 'x' }, payment: null };
    // A manual entry: no payment, which the document allows; the enrollment row itself is incomplete.
    expect(() => contract.check('GET', '/api/admin/enrollments/e1', answer(200, detail))).toThrow(
      /GET \/api\/admin\/enrollments\/\{id\} answered 200: the body does not match[\s\S]*\/enrollment must have required property/,
    );
    expect(() => contract.check('GET', '/api/payment-plan', answer(200, { trainings: 'none' }))).toThrow(
      /must have required property 'bundles'[\s\S]*\/trainings must be array/,
    );
    expect(() => contract.check('GET', '/api/payment-plan', answer(201, {}))).toThrow(
      /a status its OpenAPI operation does not list/,
    );
    expect(() => contract.check('GET', '/api/training-pricing?x=1', answer(200, [null]))).toThrow(/\/0 must be object/);
    // An error status the operation does not describe, and a path the document does not have, are not checked.
    expect(() => contract.check('GET', '/api/payment-plan', answer(503, { statusCode: 503 }))).not.toThrow();
    expect(() => contract.check('GET', '/api/nowhere', answer(200, 1))).not.toThrow();
  });
});
