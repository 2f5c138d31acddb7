import { MODEL_SIGNALS_SCHEMA } from '@app/domain';
import { z } from 'zod';
import { strictSchemaProblem } from '../../../test/support/openai-strict-schema';
import { InvalidModelAnswerError, MODEL_SIGNALS_JSON_SCHEMA, parseModelSignals } from './model-signals';

describe('parseModelSignals', () => {
  it('gives the checked answer, trimmed, with known methods in their fixed order', () => {
    const parsed = parseModelSignals({
      title: '  Intro to Somatic Work  ',
      contactHours: 30,
      learningObjectives: ['a', '  '],
      modulesOrWeeks: 10,
      assessmentMethods: ['quiz', 'exam', 'quiz'],
      topics: [],
      certificate: { recipientName: null, issuingOrganization: null, certificateAuthor: null, completionDate: null },
      contacts: [{ name: 'Bo Chen', title: null, email: 'Bo@Calm.edu', organization: null }],
      completionEvidence: false,
      kind: 'syllabus',
      courseCode: null,
      courseTitle: null,
      transcript: null,
    });
    expect(parsed).toMatchObject({
      title: 'Intro to Somatic Work',
      learningObjectives: ['a'],
      assessmentMethods: ['exam', 'quiz'],
      contacts: [{ email: 'bo@calm.edu' }],
    });
  });

  it('throws InvalidModelAnswerError with the first problem for an answer off the schema', () => {
    expect(() => parseModelSignals([])).toThrow(InvalidModelAnswerError);
    expect(() => parseModelSignals([])).toThrow('model answer: the answer must be a JSON object');
    expect(() => parseModelSignals({ contactHours: 'lots' })).toThrow(/^model answer: \w+ must be /);
  });
});

describe('MODEL_SIGNALS_JSON_SCHEMA (what the model is sent, from the one Zod schema)', () => {
  it('is accepted by structured outputs in strict mode', () => {
    expect(strictSchemaProblem(MODEL_SIGNALS_JSON_SCHEMA)).toBeNull();
  });

  it('asks for every field of the answer, nullable ones as a union with null', () => {
    const schema = MODEL_SIGNALS_JSON_SCHEMA as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { type?: unknown; anyOf?: unknown[]; items?: { enum?: string[] } }>;
    };
    expect(schema.required).toEqual(Object.keys(schema.properties));
    expect(schema.required).toEqual(Object.keys(MODEL_SIGNALS_SCHEMA.shape));
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.contactHours.type).toEqual(['number', 'null']);
    expect(schema.properties.modulesOrWeeks.type).toEqual(['integer', 'null']);
    expect(schema.properties.transcript.anyOf).toContainEqual({ type: 'null' });
    expect(schema.properties.assessmentMethods.items?.enum).toContain('case study');
  });

  it('needs the strict-mode adjustments: the plain conversion of the input side is refused', () => {
    expect(strictSchemaProblem(z.toJSONSchema(MODEL_SIGNALS_SCHEMA, { io: 'input' }))).toMatch(
      /'additionalProperties' is required to be supplied and to be false/,
    );
  });
});

describe('the OpenAI stand-in refuses what strict mode refuses', () => {
  const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
    type: 'object',
    additionalProperties: false,
    required,
    properties,
  });

  it.each([
    ['an optional property', object({ a: { type: 'string' }, b: { type: 'string' } }, ['a']), /Missing 'b'/],
    [
      'an object that allows other keys',
      { ...object({ a: { type: 'string' } }), additionalProperties: true },
      /'additionalProperties' is required/,
    ],
    ['a default', object({ a: { type: 'string', default: 'x' } }), /'default' is not permitted/],
    ['a string length', object({ a: { type: 'string', minLength: 1 } }), /'minLength' is not permitted/],
    ['a union at the root', { anyOf: [object({ a: { type: 'string' } }), { type: 'null' }] }, /type: "object"/],
    [
      'a nested object that allows other keys',
      object({ a: { type: 'array', items: { type: 'object', properties: {}, required: [] } } }),
      /context=\('properties', 'a', 'items'\)/,
    ],
  ])('refuses %s', (_label, schema, message) => {
    expect(strictSchemaProblem(schema)).toMatch(message);
  });
});
