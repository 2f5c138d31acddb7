import { randomUUID } from 'node:crypto';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  nullable?: boolean;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  example?: unknown;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: OpenApiSchema }>;
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  security?: unknown[];
}

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema: OpenApiSchema }>;
  body: OpenApiSchema | null;
  admin: boolean;
}

/** One request the fuzzer sends. */
export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A string or Buffer is sent as is; anything else is JSON-encoded. */
  body?: unknown;
}

export const SQL_META = "x' OR '1'='1'; DROP TABLE enrollments; --";
export const HTML_META = '<script>alert(1)</script><img src=x onerror=alert(1)>"\'&';
const NUL = 'nul\u0000inside';
const LONE_SURROGATE = 'half\ud800';

export function operations(document: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        // Every call carries the admin token (public routes ignore it), so admin-only routes are fuzzed past the guard.
        admin: true,
      });
    }
  }
  return out;
}

export function resolve(document: OpenApiDocument, schema: OpenApiSchema | undefined): OpenApiSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document, document.components?.schemas?.[schema.$ref.split('/').pop() as string]);
  if (schema.allOf?.length) return resolve(document, schema.allOf[0]);
  if (schema.oneOf?.length) return resolve(document, schema.oneOf[0]);
  if (schema.anyOf?.length) return resolve(document, schema.anyOf[0]);
  return schema;
}

/** A value the schema describes, as valid as the document lets us tell (enums, formats, minimums). */
export function sample(document: OpenApiDocument, raw: OpenApiSchema | undefined, depth = 0): unknown {
  const schema = resolve(document, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 4
        ? []
        : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(document, schema.items, depth + 1));
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2027-03-01T00:00:00.000Z';
      if (schema.format === 'date') return '2027-03-01';
      return 'x'.repeat(Math.max(3, schema.minLength ?? 3));
    default:
      if (schema.properties || schema.type === 'object') {
        if (depth > 4) return {};
        return Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(document, value, depth + 1)]),
        );
      }
      return 'x';
  }
}

function deep(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Values of the wrong type (and hostile text) for a field whose sample value is given. */
function wrongValues(valid: unknown): unknown[] {
  const values: unknown[] = [null, [], {}, NUL, LONE_SURROGATE, SQL_META, HTML_META, 'x'.repeat(20_000)];
  if (typeof valid === 'string') values.push(12345, true, -1.5e308);
  else if (typeof valid === 'number') values.push('12', 1e308, -1, 0.5, Number.MAX_SAFE_INTEGER + 2);
  else if (typeof valid === 'boolean') values.push('true', 0);
  else values.push('text', 7);
  return values;
}

/**
 * Every case for one operation: the sample body, then with each field missing, an extra field, each field of the
 * wrong type or hostile, prototype keys, a huge and a deep body, bad content types, charsets and encodings, and
 * hostile path and query values.
 */
export function casesFor(
  document: OpenApiDocument,
  operation: Operation,
  pathValues: Record<string, string[]>,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const fill = (values: Record<string, string>) =>
    operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? 'x'));
  const goodParams = Object.fromEntries(
    operation.pathParams.map((name) => [name, pathValues[name]?.[0] ?? randomUUID()]),
  );
  const url = fill(goodParams);
  const json = { 'content-type': 'application/json' };
  const add = (label: string, extra: Partial<FuzzCase>) =>
    cases.push({
      label: `${operation.method} ${operation.path} ${label}`,
      method: operation.method,
      url,
      headers: {},
      ...extra,
    });

  // Path parameters: real ids, unknown ids and hostile text.
  const hostileIds = [
    randomUUID(),
    'not-a-uuid',
    SQL_META,
    HTML_META,
    '../../etc/passwd',
    '99999999999999999999',
    '-1',
    'ａ',
    ' ',
  ];
  for (const name of operation.pathParams) {
    for (const value of [...(pathValues[name] ?? []), ...hostileIds]) {
      add(`path ${name}=${JSON.stringify(value).slice(0, 30)}`, { url: fill({ ...goodParams, [name]: value }) });
    }
    add(`path ${name}=%00`, { url: fill(goodParams).replace(encodeURIComponent(goodParams[name]), '%00') });
    add(`path ${name}=%E0%A4%A`, { url: fill(goodParams).replace(encodeURIComponent(goodParams[name]), '%E0%A4%A') });
  }

  // Query parameters: hostile and wrong-typed values, repeated keys, unknown keys.
  for (const { name } of operation.queryParams) {
    for (const value of [SQL_META, HTML_META, NUL, LONE_SURROGATE, '-1', '2027-13-45', 'x'.repeat(5000)]) {
      add(`query ${name}=${JSON.stringify(value).slice(0, 20)}`, {
        url: `${url}?${new URLSearchParams({ [name]: value })}`,
      });
    }
    add(`query ${name} twice`, { url: `${url}?${name}=a&${name}=b` });
    add(`query ${name}[x]`, { url: `${url}?${name}[x]=1&${name}[__proto__][y]=1` });
  }
  add('query unknown', { url: `${url}?__proto__[admin]=1&constructor=x&zzz=1` });

  // Bodies: sent to every method that may carry one, and to those that declare none (an unexpected body).
  const schema = operation.body ? resolve(document, operation.body) : null;
  const valid = (schema ? sample(document, schema) : {}) as Record<string, unknown>;
  if (operation.method !== 'GET') {
    add('body sample', { headers: json, body: valid });
    add('body empty object', { headers: json, body: {} });
    add('body array', { headers: json, body: [valid] });
    add('body scalar', { headers: json, body: '"text"' });
    add('body malformed JSON', { headers: json, body: '{"a": ' });
    add('body extra field', { headers: json, body: { ...valid, unexpectedField: 'x' } });
    add('body __proto__', {
      headers: json,
      body: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(valid).slice(1)}`,
    });
    add('body constructor', { headers: json, body: { ...valid, constructor: { prototype: { polluted: true } } } });
    add('body 200 KB', { headers: json, body: { ...valid, padding: 'x'.repeat(200 * 1024) } });
    add('body nested 5000 deep', { headers: json, body: `{"deep":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}` });
    add('body array nested 20000 deep', { headers: json, body: `{"deep":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
    add('body nested 40 deep', { headers: json, body: { ...valid, deep: deep(40) } });
    add('charset latin1', {
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: JSON.stringify(valid),
    });
    add('charset utf-16', {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: JSON.stringify(valid),
    });
    add('text/plain', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(valid) });
    add('form-urlencoded', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' });
    add('multipart', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\n\r\n--x--' });
    add('no content-type', { headers: {}, body: Buffer.from(JSON.stringify(valid)) });
    add('gzip claimed, plain body', { headers: { ...json, 'content-encoding': 'gzip' }, body: JSON.stringify(valid) });
    add('deflate claimed', { headers: { ...json, 'content-encoding': 'deflate' }, body: JSON.stringify(valid) });
    add('invalid UTF-8 bytes', {
      headers: json,
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    add('escaped NUL', { headers: json, body: JSON.stringify({ ...valid, nul: '\u0000' }) });
    add('escaped lone surrogate', { headers: json, body: `{"s":"\\ud800"}` });
    for (const key of Object.keys(schema?.properties ?? {})) {
      const { [key]: _removed, ...missing } = valid;
      add(`body without ${key}`, { headers: json, body: missing });
      for (const wrong of wrongValues(valid[key])) {
        add(`body ${key}=${JSON.stringify(wrong)?.slice(0, 24)}`, { headers: json, body: { ...valid, [key]: wrong } });
      }
    }
  }
  return cases;
}
