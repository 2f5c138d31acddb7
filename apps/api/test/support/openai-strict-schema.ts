/**
 * What OpenAI's structured outputs refuse in a strict schema (`json_schema.strict: true`), checked the way the service
 * answers it: 400 "Invalid schema for response_format '<name>': In context=(…), …". From OpenAI's "Supported schemas":
 * the root is an object (not `anyOf`); every object has `additionalProperties: false` and lists every property in
 * `required` (optional values are nullable instead); only the supported keywords appear (no `default`, `allOf`,
 * `oneOf`, `not`, `if`, `patternProperties`, `minLength`, `maxLength`, …); at most 10 levels of nesting and 5000
 * properties.
 */

const SUPPORTED_KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'title',
  '$ref',
  '$defs',
  'definitions',
  // Supported since 2025 for numbers, arrays and strings.
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'pattern',
  'format',
]);

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first thing strict mode refuses in `schema`, as OpenAI words it, or null when it accepts the schema. */
export function strictSchemaProblem(schema: unknown, name = 'document_signals'): string | null {
  const refuse = (context: string[], message: string) =>
    `Invalid schema for response_format '${name}': In context=(${context.map((c) => `'${c}'`).join(', ')}), ${message}`;
  if (!isNode(schema)) return refuse([], 'schema must be a JSON Schema object.');
  if (schema.type !== 'object' || 'anyOf' in schema) {
    return refuse([], 'schema must be a JSON Schema of \'type: "object"\', got a different root.');
  }
  let properties = 0;
  const walk = (node: unknown, context: string[], depth: number): string | null => {
    if (!isNode(node)) return refuse(context, 'schema must be an object.');
    if (depth > MAX_DEPTH) return refuse(context, `schema exceeds the maximum nesting depth of ${MAX_DEPTH}.`);
    for (const keyword of Object.keys(node)) {
      if (!SUPPORTED_KEYWORDS.has(keyword)) return refuse(context, `'${keyword}' is not permitted.`);
    }
    if ('$ref' in node) return null;
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    if (node.type === undefined && !('anyOf' in node) && !('enum' in node) && !('const' in node)) {
      return refuse(context, "schema must have a 'type' key.");
    }
    for (const type of types)
      if (!TYPES.has(String(type))) return refuse(context, `type '${String(type)}' is invalid.`);
    if (types.includes('object')) {
      if (node.additionalProperties !== false) {
        return refuse(context, "'additionalProperties' is required to be supplied and to be false.");
      }
      const props = isNode(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required.map(String) : [];
      const missing = Object.keys(props).find((key) => !required.includes(key));
      if (missing !== undefined) {
        return refuse(
          context,
          `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        );
      }
      const extra = required.find((key) => !(key in props));
      if (extra !== undefined) return refuse(context, `'required' names '${extra}', which is not in properties.`);
      for (const [key, child] of Object.entries(props)) {
        properties += 1;
        if (properties > MAX_PROPERTIES) return refuse(context, `schema has more than ${MAX_PROPERTIES} properties.`);
        const problem = walk(child, [...context, 'properties', key], depth + 1);
        if (problem) return problem;
      }
    }
    if (types.includes('array')) {
      if (!('items' in node)) return refuse(context, "array schema missing 'items'.");
      const problem = walk(node.items, [...context, 'items'], depth + 1);
      if (problem) return problem;
    }
    if ('anyOf' in node) {
      if (!Array.isArray(node.anyOf)) return refuse(context, "'anyOf' must be an array.");
      for (const [i, child] of node.anyOf.entries()) {
        const problem = walk(child, [...context, 'anyOf', String(i)], depth + 1);
        if (problem) return problem;
      }
    }
    for (const defs of ['$defs', 'definitions'] as const) {
      if (!isNode(node[defs])) continue;
      for (const [key, child] of Object.entries(node[defs] as Node)) {
        const problem = walk(child, [...context, defs, key], depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  };
  return walk(schema, [], 1);
}
