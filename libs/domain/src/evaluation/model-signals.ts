import { CREDIT_SYSTEMS, DOCUMENT_KINDS } from '@app/contracts';
import { z } from 'zod';
import { isValidEmail } from '../checkout-validation';
import { ASSESSMENT_METHODS } from '../reading/assessment-methods';

/**
 * What a language model is asked to return for one document (OpenAI structured outputs), described once: the type
 * (`ModelSignals`), the JSON schema sent to the model (the API derives it with `z.toJSONSchema`) and the check of the
 * answer (`readModelSignals`) all come from this schema. Optional values are nullable, never absent (strict mode).
 * Each `error` is the end of the sentence `<path> must be …` that a refused answer is reported with.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 300;

/** Trimmed and cut to 300 characters; blank reads as null. */
const trimmed = (value: string): string | null => value.trim().slice(0, MAX_TEXT) || null;

const nullableText = (description?: string) => {
  const schema = z
    .string({ error: 'a string or null' })
    .nullable()
    .transform((v) => (v === null ? null : trimmed(v)));
  return description ? schema.describe(description) : schema;
};

/** A string that must not be blank. */
const requiredText = () =>
  z.string({ error: 'a non-empty string' }).transform((value, ctx) => {
    const text = trimmed(value);
    if (text === null) ctx.issues.push({ code: 'custom', message: 'a non-empty string', input: value });
    return text ?? '';
  });

const nullableDate = (description: string) =>
  nullableText(description).refine((v) => v === null || ISO_DATE.test(v), { error: 'a YYYY-MM-DD date or null' });

const nullableCount = (max: number, description?: string) => {
  const error = `a number from 0 to ${max} or null`;
  const schema = z.number({ error }).min(0, { error }).max(max, { error }).nullable();
  return description ? schema.describe(description) : schema;
};

const nullableWholeCount = (max: number, description: string) => {
  const error = `a whole number from 0 to ${max} or null`;
  return z.int({ error }).min(0, { error }).max(max, { error }).nullable().describe(description);
};

/** Up to `max` short phrases, trimmed, blanks left out. */
const phrases = (max: number, description?: string) => {
  const schema = z
    .array(z.string({ error: 'a list of strings' }), { error: 'a list of strings' })
    .max(max, { error: `a list of at most ${max} items` })
    .transform((items) => items.map((item) => item.trim().slice(0, MAX_TEXT)).filter((item) => item !== ''));
  return description ? schema.describe(description) : schema;
};

const contact = z.object(
  {
    name: requiredText(),
    title: nullableText(),
    email: z.string({ error: 'an email address' }).transform((value, ctx) => {
      const email = value.trim();
      if (!isValidEmail(email)) ctx.issues.push({ code: 'custom', message: 'an email address', input: value });
      return email.toLowerCase();
    }),
    organization: nullableText(),
  },
  { error: 'a list of objects' },
);

const courseRow = z.object(
  {
    term: nullableText(),
    code: nullableText(),
    title: requiredText(),
    credits: nullableCount(1000, 'The credits (or hours) earned for the course as the row states them'),
    grade: nullableText(),
  },
  { error: 'a list of objects' },
);

const transcript = z
  .object(
    {
      institution: nullableText('The institution that issued the transcript'),
      student: nullableText(),
      program: nullableText('Program or degree'),
      awardDate: nullableDate('YYYY-MM-DD the degree or program was awarded or completed'),
      creditSystem: z
        .enum(CREDIT_SYSTEMS, { error: `one of ${CREDIT_SYSTEMS.join(', ')} or null` })
        .nullable()
        .describe('How the credits are counted'),
      courses: z
        .array(courseRow, { error: 'a list' })
        .max(200, { error: 'a list of at most 200 items' })
        .describe('One item per course row, in the order of the document, each value exactly as written in that row'),
    },
    { error: 'an object or null' },
  )
  .nullable()
  .describe('For a transcript (a record of courses taken and graded); null for any other document');

export const MODEL_SIGNALS_SCHEMA = z.object(
  {
    title: nullableText('The course or credential title as the document names it'),
    contactHours: nullableCount(10000, 'Total instruction or contact hours stated in the document'),
    learningObjectives: phrases(100, 'Each stated learning objective or outcome'),
    modulesOrWeeks: nullableWholeCount(156, 'Number of weeks, modules or units of the curriculum'),
    assessmentMethods: z
      .array(z.enum(ASSESSMENT_METHODS, { error: `items from ${ASSESSMENT_METHODS.join(', ')}` }), {
        error: 'a list of strings',
      })
      .max(20, { error: 'a list of at most 20 items' })
      // In the order of ASSESSMENT_METHODS, each once.
      .transform((methods) => ASSESSMENT_METHODS.filter((m) => methods.includes(m))),
    topics: phrases(50, 'Subjects the course covers, short phrases'),
    certificate: z.object(
      {
        recipientName: nullableText(),
        issuingOrganization: nullableText(),
        certificateAuthor: nullableText(),
        completionDate: nullableDate('YYYY-MM-DD'),
      },
      { error: 'an object' },
    ),
    contacts: z.array(contact, { error: 'a list' }).max(50, { error: 'a list of at most 50 items' }),
    completionEvidence: z
      .boolean({ error: 'true or false' })
      .describe('The document shows the course was completed (certificate, grades)'),
    kind: z
      .enum(DOCUMENT_KINDS, { error: `one of ${DOCUMENT_KINDS.join(', ')}` })
      .describe('What the document is, from its content'),
    courseCode: nullableText("A syllabus's or course description's own course code, as written"),
    courseTitle: nullableText("A syllabus's or course description's own course title, as written"),
    transcript,
  },
  { error: 'a JSON object' },
);

/** The model's answer once checked: trimmed texts, lower-case addresses, known methods in their fixed order. */
export type ModelSignals = z.output<typeof MODEL_SIGNALS_SCHEMA>;
export type ModelTranscript = NonNullable<ModelSignals['transcript']>;
export type ModelCourseRow = ModelTranscript['courses'][number];

/** `contacts[0].email`, `transcript.courses[2].title`; an item of a list is reported as the list. */
function pathOf(path: readonly PropertyKey[]): string {
  const names = typeof path[path.length - 1] === 'number' ? path.slice(0, -1) : path;
  if (names.length === 0) return 'the answer';
  return names.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

/**
 * Checks a model's answer against the schema (the SDK does not), so nothing unchecked reaches the pipeline: the
 * checked answer, or the first problem as one sentence ('contactHours must be a number from 0 to 10000 or null').
 */
export function readModelSignals(value: unknown): { ok: true; value: ModelSignals } | { ok: false; error: string } {
  const result = MODEL_SIGNALS_SCHEMA.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const [issue] = result.error.issues;
  return { ok: false, error: issue ? `${pathOf(issue.path)} must be ${issue.message}` : 'the answer is not valid' };
}
