import { MODEL_SIGNALS_SCHEMA } from '@app/domain';
import { z } from 'zod';
import { strictSchemaProblem } from '../../../test/support/openai-strict-schema';
import {
  InvalidModelAnswerError,
  MODEL_SIGNALS_JSON_SCHEMA,
  parseModelSignals,
  type ModelSignals,
} from './model-signals';

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

describe('parseModelSignals', () => {
  it('accepts an answer that follows the schema', () => {
    expect(parseModelSignals(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
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
    expect(() => parseModelSignals(value)).toThrow(InvalidModelAnswerError);
    expect(() => parseModelSignals(value)).toThrow(message);
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
