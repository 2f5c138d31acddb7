import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

interface OpenApiResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, OpenApiResponse>;
}

const DOCUMENT_ID = 'openapi.json';
const JSON_TYPE = 'application/json';

/** A JSON pointer segment (`/` and `~` escaped as RFC 6901 says). */
function pointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The published OpenAPI document (`/api/docs-json`) as a check of real answers: every response the e2e tests get is
 * validated against the schema the document gives its operation and status, with Ajv (OpenAPI 3.0's `nullable`
 * included, formats by ajv-formats), so a null where an object is promised, a missing required property or a wrong
 * type fails the test that received it. A success status the operation does not list fails too; an error status the
 * operation does not describe, a body that is not JSON and a path the document does not have are not checked.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();

  /** `document`: the parsed `/api/docs-json`. */
  constructor(published: object) {
    const document = published as OpenApiDocument;
    addFormats(this.ajv);
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.operations = Object.entries(document.paths)
      .flatMap(([template, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: operation.responses ?? {},
        })),
      )
      // A literal path (`/api/credentials/analyses`) wins over a template that also matches it.
      .sort((a, b) => a.params - b.params);
  }

  /** Throws, naming the operation and what differs, when the answer breaks the document. */
  check(method: string, url: string, response: Response): void {
    const path = new URL(url, 'http://api.test').pathname;
    const operation = this.operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
    if (!operation) return;
    const status = String(response.status);
    const name = `${operation.method} ${operation.template} answered ${status}`;
    const described = operation.responses[status] ?? operation.responses.default;
    if (!described) {
      if (response.status < 300) throw new Error(`${name}, a status its OpenAPI operation does not list`);
      return;
    }
    const contentType = String(response.headers['content-type'] ?? '');
    if (!contentType.startsWith(JSON_TYPE) || !described.content?.[JSON_TYPE]?.schema) return;
    const key = operation.responses[status] ? status : 'default';
    const validate = this.validator(operation, key);
    if (!validate(response.body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 10)
        .map((e) => `  ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
        .join('\n');
      throw new Error(`${name}: the body does not match the OpenAPI document:\n${errors}`);
    }
  }

  private validator(operation: Operation, status: string): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/paths/${pointer(operation.template)}/${operation.method.toLowerCase()}/responses/${status}/content/${pointer(JSON_TYPE)}/schema`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
