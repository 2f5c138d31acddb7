import type { CertificateDetails, LeadContact } from '@app/contracts';
import { ASSESSMENT_METHODS, type AssessmentMethod, findDates, normalizeDocumentText } from '@app/domain';
import type { DocumentSignals } from './document-analyzer';

/** What the model is asked to return for one document (OpenAI structured outputs, strict JSON schema). */
export interface ModelSignals {
  title: string | null;
  contactHours: number | null;
  learningObjectives: string[];
  modulesOrWeeks: number | null;
  assessmentMethods: AssessmentMethod[];
  topics: string[];
  certificate: CertificateDetails;
  contacts: LeadContact[];
  completionEvidence: boolean;
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/** Strict mode needs every property required and no extra ones; optional values are nullable instead. */
export const MODEL_SIGNALS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'contactHours', 'learningObjectives', 'modulesOrWeeks', 'assessmentMethods', 'topics', 'certificate', 'contacts', 'completionEvidence'],
  properties: {
    title: { ...nullable('string'), description: 'The course or credential title as the document names it' },
    contactHours: { ...nullable('number'), description: 'Total instruction or contact hours stated in the document' },
    learningObjectives: { type: 'array', items: { type: 'string' }, description: 'Each stated learning objective or outcome' },
    modulesOrWeeks: { ...nullable('integer'), description: 'Number of weeks, modules or units of the curriculum' },
    assessmentMethods: { type: 'array', items: { type: 'string', enum: [...ASSESSMENT_METHODS] } },
    topics: { type: 'array', items: { type: 'string' }, description: 'Subjects the course covers, short phrases' },
    certificate: {
      type: 'object',
      additionalProperties: false,
      required: ['recipientName', 'issuingOrganization', 'certificateAuthor', 'completionDate'],
      properties: {
        recipientName: nullable('string'),
        issuingOrganization: nullable('string'),
        certificateAuthor: nullable('string'),
        completionDate: { ...nullable('string'), description: 'YYYY-MM-DD' },
      },
    },
    contacts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'title', 'email', 'organization'],
        properties: { name: { type: 'string' }, title: nullable('string'), email: { type: 'string' }, organization: nullable('string') },
      },
    },
    completionEvidence: { type: 'boolean', description: 'The document shows the course was completed (certificate, grades)' },
  },
} as const;

export class InvalidModelAnswerError extends Error {
  override name = 'InvalidModelAnswerError';
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(path: string, expected: string): never {
  throw new InvalidModelAnswerError(`model answer: ${path} must be ${expected}`);
}

function nullableString(value: unknown, path: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') fail(path, 'a string or null');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, 300);
}

function nullableNumber(value: unknown, path: string, max: number, integer = false): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max || (integer && !Number.isInteger(value))) {
    fail(path, `${integer ? 'a whole' : 'a'} number from 0 to ${max} or null`);
  }
  return value;
}

function stringList(value: unknown, path: string, maxItems: number): string[] {
  if (!Array.isArray(value)) fail(path, 'a list of strings');
  if (value.length > maxItems) fail(path, `at most ${maxItems} items`);
  return value.map((item, i) => {
    if (typeof item !== 'string') fail(`${path}[${i}]`, 'a string');
    return item.trim().slice(0, 300);
  }).filter((item) => item !== '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the model's JSON against the schema (the SDK does not), so nothing unchecked reaches the pipeline. */
export function parseModelSignals(value: unknown): ModelSignals {
  if (!isObject(value)) fail('the answer', 'a JSON object');
  const certificate = value.certificate;
  if (!isObject(certificate)) fail('certificate', 'an object');
  const completionDate = nullableString(certificate.completionDate, 'certificate.completionDate');
  if (completionDate !== null && !ISO_DATE.test(completionDate)) fail('certificate.completionDate', 'a YYYY-MM-DD date or null');
  if (!Array.isArray(value.contacts)) fail('contacts', 'a list');
  if (value.contacts.length > 50) fail('contacts', 'at most 50 items');
  const contacts = value.contacts.map((contact: unknown, i: number): LeadContact => {
    if (!isObject(contact)) fail(`contacts[${i}]`, 'an object');
    const name = nullableString(contact.name, `contacts[${i}].name`);
    const email = nullableString(contact.email, `contacts[${i}].email`);
    if (name === null) fail(`contacts[${i}].name`, 'a non-empty string');
    if (email === null || !EMAIL.test(email)) fail(`contacts[${i}].email`, 'an email address');
    return {
      name,
      email: email.toLowerCase(),
      title: nullableString(contact.title, `contacts[${i}].title`),
      organization: nullableString(contact.organization, `contacts[${i}].organization`),
    };
  });
  const methods = stringList(value.assessmentMethods, 'assessmentMethods', 20);
  const known = new Set<string>(ASSESSMENT_METHODS);
  if (methods.some((m) => !known.has(m))) fail('assessmentMethods', `items from ${ASSESSMENT_METHODS.join(', ')}`);
  if (typeof value.completionEvidence !== 'boolean') fail('completionEvidence', 'true or false');
  return {
    title: nullableString(value.title, 'title'),
    contactHours: nullableNumber(value.contactHours, 'contactHours', 10000),
    learningObjectives: stringList(value.learningObjectives, 'learningObjectives', 100),
    modulesOrWeeks: nullableNumber(value.modulesOrWeeks, 'modulesOrWeeks', 156, true),
    assessmentMethods: ASSESSMENT_METHODS.filter((m) => methods.includes(m)),
    topics: stringList(value.topics, 'topics', 50),
    certificate: {
      recipientName: nullableString(certificate.recipientName, 'certificate.recipientName'),
      issuingOrganization: nullableString(certificate.issuingOrganization, 'certificate.issuingOrganization'),
      certificateAuthor: nullableString(certificate.certificateAuthor, 'certificate.certificateAuthor'),
      completionDate,
    },
    contacts,
    completionEvidence: value.completionEvidence,
  };
}

function squash(text: string): string {
  return normalizeDocumentText(text).toLowerCase().replace(/\s+/g, ' ');
}

function numberAppears(text: string, value: number): boolean {
  return new RegExp(`(?<![\\d.])${String(value).replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(text);
}

/**
 * The model's reading, kept only where the document backs it: numbers must be written in the text (or agree
 * with the local reading), names and addresses must appear in it, dates must be ones the text contains.
 * Anything else falls back to the local reading, so a model cannot invent hours, people or dates.
 */
export function groundModelSignals(model: ModelSignals, local: DocumentSignals, text: string): DocumentSignals {
  const haystack = squash(text);
  const appears = (value: string | null): boolean => value !== null && haystack.includes(squash(value));
  const groundedNumber = (value: number | null, fallback: number | null): number | null =>
    value !== null && (value === fallback || numberAppears(haystack, value)) ? value : fallback;
  const groundedText = (value: string | null, fallback: string | null): string | null => (appears(value) ? value : fallback);
  const dates = new Set(findDates(text));
  const modelContacts = model.contacts.filter((c) => haystack.includes(c.email));
  const localEmails = new Set(local.contacts.map((c) => c.email));

  return {
    title: groundedText(model.title, local.title) ?? local.title,
    contactHours: groundedNumber(model.contactHours, local.contactHours),
    learningObjectives: model.learningObjectives.length > 0 ? model.learningObjectives.length : local.learningObjectives,
    modulesOrWeeks: groundedNumber(model.modulesOrWeeks, local.modulesOrWeeks),
    assessmentMethods: model.assessmentMethods.length > 0 ? model.assessmentMethods : local.assessmentMethods,
    topics: model.topics,
    certificate: {
      recipientName: groundedText(model.certificate.recipientName, local.certificate.recipientName),
      issuingOrganization: groundedText(model.certificate.issuingOrganization, local.certificate.issuingOrganization),
      certificateAuthor: groundedText(model.certificate.certificateAuthor, local.certificate.certificateAuthor),
      completionDate:
        model.certificate.completionDate !== null && dates.has(model.certificate.completionDate)
          ? model.certificate.completionDate
          : local.certificate.completionDate,
    },
    contacts: [...modelContacts, ...local.contacts.filter((c) => !modelContacts.some((m) => m.email === c.email) && localEmails.has(c.email))],
    completionEvidence: model.completionEvidence ? dates.size > 0 : local.completionEvidence,
    // The kind, course rows and evidence lines are read from positions by the local readers; the model's answer
    // is not asked for them yet, so the local reading stands.
    kind: local.kind,
    courseCode: local.courseCode,
    courseTitle: local.courseTitle,
    transcript: local.transcript,
    evidence: local.evidence,
  };
}
