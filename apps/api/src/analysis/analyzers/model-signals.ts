import {
  CREDIT_SYSTEMS,
  DOCUMENT_KINDS,
  type CertificateDetails,
  type CreditSystem,
  type DocumentKind,
  type Evidence,
  type LeadContact,
} from '@app/contracts';
import {
  ASSESSMENT_METHODS,
  type AssessmentMethod,
  type DocumentSignals,
  findDates,
  findEvidence,
  groundTranscript,
  isValidEmail,
  kindScore,
  linesOfText,
  type ModelCourseRow,
  type ModelTranscript,
  normalizeDocumentText,
  type TextLine,
  topicOverlap,
} from '@app/domain';

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
  /** The same per-kind reading as the local readers: the kind, a syllabus's own course, a transcript's rows. */
  kind: DocumentKind;
  courseCode: string | null;
  courseTitle: string | null;
  transcript: ModelTranscript | null;
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/** Strict mode needs every property required and no extra ones; optional values are nullable instead. */
export const MODEL_SIGNALS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'title',
    'contactHours',
    'learningObjectives',
    'modulesOrWeeks',
    'assessmentMethods',
    'topics',
    'certificate',
    'contacts',
    'completionEvidence',
    'kind',
    'courseCode',
    'courseTitle',
    'transcript',
  ],
  properties: {
    title: { ...nullable('string'), description: 'The course or credential title as the document names it' },
    contactHours: { ...nullable('number'), description: 'Total instruction or contact hours stated in the document' },
    learningObjectives: {
      type: 'array',
      items: { type: 'string' },
      description: 'Each stated learning objective or outcome',
    },
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
        properties: {
          name: { type: 'string' },
          title: nullable('string'),
          email: { type: 'string' },
          organization: nullable('string'),
        },
      },
    },
    completionEvidence: {
      type: 'boolean',
      description: 'The document shows the course was completed (certificate, grades)',
    },
    kind: { type: 'string', enum: [...DOCUMENT_KINDS], description: 'What the document is, from its content' },
    courseCode: {
      ...nullable('string'),
      description: "A syllabus's or course description's own course code, as written",
    },
    courseTitle: {
      ...nullable('string'),
      description: "A syllabus's or course description's own course title, as written",
    },
    transcript: {
      description: 'For a transcript (a record of courses taken and graded); null for any other document',
      // A nullable object is a union with null in strict mode.
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['institution', 'student', 'program', 'awardDate', 'creditSystem', 'courses'],
          properties: {
            institution: { ...nullable('string'), description: 'The institution that issued the transcript' },
            student: nullable('string'),
            program: { ...nullable('string'), description: 'Program or degree' },
            awardDate: {
              ...nullable('string'),
              description: 'YYYY-MM-DD the degree or program was awarded or completed',
            },
            creditSystem: {
              anyOf: [{ type: 'string', enum: [...CREDIT_SYSTEMS] }, { type: 'null' }],
              description: 'How the credits are counted',
            },
            courses: {
              type: 'array',
              description:
                'One item per course row, in the order of the document, each value exactly as written in that row',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['term', 'code', 'title', 'credits', 'grade'],
                properties: {
                  term: nullable('string'),
                  code: nullable('string'),
                  title: { type: 'string' },
                  credits: {
                    ...nullable('number'),
                    description: 'The credits (or hours) earned for the course as the row states them',
                  },
                  grade: nullable('string'),
                },
              },
            },
          },
        },
        { type: 'null' },
      ],
    },
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
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    fail(path, `${integer ? 'a whole' : 'a'} number from 0 to ${max} or null`);
  }
  return value;
}

function stringList(value: unknown, path: string, maxItems: number): string[] {
  if (!Array.isArray(value)) fail(path, 'a list of strings');
  if (value.length > maxItems) fail(path, `at most ${maxItems} items`);
  return value
    .map((item, i) => {
      if (typeof item !== 'string') fail(`${path}[${i}]`, 'a string');
      return item.trim().slice(0, 300);
    })
    .filter((item) => item !== '');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the model's JSON against the schema (the SDK does not), so nothing unchecked reaches the pipeline. */
export function parseModelSignals(value: unknown): ModelSignals {
  if (!isObject(value)) fail('the answer', 'a JSON object');
  const certificate = value.certificate;
  if (!isObject(certificate)) fail('certificate', 'an object');
  const completionDate = nullableString(certificate.completionDate, 'certificate.completionDate');
  if (completionDate !== null && !ISO_DATE.test(completionDate))
    fail('certificate.completionDate', 'a YYYY-MM-DD date or null');
  if (!Array.isArray(value.contacts)) fail('contacts', 'a list');
  if (value.contacts.length > 50) fail('contacts', 'at most 50 items');
  const contacts = value.contacts.map((contact: unknown, i: number): LeadContact => {
    if (!isObject(contact)) fail(`contacts[${i}]`, 'an object');
    const name = nullableString(contact.name, `contacts[${i}].name`);
    const email = nullableString(contact.email, `contacts[${i}].email`);
    if (name === null) fail(`contacts[${i}].name`, 'a non-empty string');
    if (email === null || !isValidEmail(email)) fail(`contacts[${i}].email`, 'an email address');
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
  if (typeof value.kind !== 'string' || !(DOCUMENT_KINDS as readonly string[]).includes(value.kind))
    fail('kind', `one of ${DOCUMENT_KINDS.join(', ')}`);
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
    kind: value.kind as DocumentKind,
    courseCode: nullableString(value.courseCode, 'courseCode'),
    courseTitle: nullableString(value.courseTitle, 'courseTitle'),
    transcript: value.transcript === null ? null : parseTranscript(value.transcript),
  };
}

function parseTranscript(value: unknown): ModelTranscript {
  if (!isObject(value)) fail('transcript', 'an object or null');
  const awardDate = nullableString(value.awardDate, 'transcript.awardDate');
  if (awardDate !== null && !ISO_DATE.test(awardDate)) fail('transcript.awardDate', 'a YYYY-MM-DD date or null');
  const system = value.creditSystem;
  if (system !== null && (typeof system !== 'string' || !(CREDIT_SYSTEMS as readonly string[]).includes(system))) {
    fail('transcript.creditSystem', `one of ${CREDIT_SYSTEMS.join(', ')} or null`);
  }
  if (!Array.isArray(value.courses)) fail('transcript.courses', 'a list');
  if (value.courses.length > 200) fail('transcript.courses', 'at most 200 items');
  const courses = value.courses.map((course: unknown, i: number): ModelCourseRow => {
    const path = `transcript.courses[${i}]`;
    if (!isObject(course)) fail(path, 'an object');
    const title = nullableString(course.title, `${path}.title`);
    if (title === null) fail(`${path}.title`, 'a non-empty string');
    return {
      term: nullableString(course.term, `${path}.term`),
      code: nullableString(course.code, `${path}.code`),
      title,
      credits: nullableNumber(course.credits, `${path}.credits`, 1000),
      grade: nullableString(course.grade, `${path}.grade`),
    };
  });
  return {
    institution: nullableString(value.institution, 'transcript.institution'),
    student: nullableString(value.student, 'transcript.student'),
    program: nullableString(value.program, 'transcript.program'),
    awardDate,
    creditSystem: system as CreditSystem | null,
    courses,
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
 * with the local reading), names and addresses must appear in it, dates must be ones the text contains, transcript
 * rows must sit on a line of it (groundTranscript). Anything else falls back to the local reading, so a model cannot
 * invent hours, people, dates or courses. The kind is the model's unless the local readers found another one.
 */
export function groundModelSignals(
  model: ModelSignals,
  local: DocumentSignals,
  text: string,
  document = '',
  positioned?: readonly TextLine[],
): DocumentSignals {
  const haystack = squash(text);
  const lines = positioned && positioned.length > 0 ? positioned : linesOfText(text);
  const appears = (value: string | null): boolean => value !== null && haystack.includes(squash(value));
  // A count the model gives must be written on a line that also names its unit ('36 contact hours', 'Week 12').
  const groundedNumber = (value: number | null, fallback: number | null, unit: RegExp): number | null =>
    value !== null &&
    (value === fallback || lines.some((l) => unit.test(l.text) && numberAppears(squash(l.text), value)))
      ? value
      : fallback;
  const groundedText = (value: string | null, fallback: string | null): string | null =>
    appears(value) ? value : fallback;
  const dates = new Set(findDates(text));
  const modelContacts = model.contacts.filter((c) => haystack.includes(c.email));
  // An objective counts where one line holds its words; an assessment method where the text names it.
  const objectives = model.learningObjectives.filter((objective) =>
    lines.some((l) => topicOverlap([objective], l.text) === 1),
  );
  const methods = model.assessmentMethods.filter((method) =>
    new RegExp(`\\b${method === 'case study' ? 'case stud' : method}`, 'i').test(text),
  );

  const localKind = local.kind ?? 'other';
  const kind =
    localKind === model.kind || (localKind === 'other' && kindScore(text, model.kind) > 0) ? model.kind : localKind;
  const transcript =
    kind === 'transcript' && model.transcript
      ? groundTranscript(model.transcript, local.transcript ?? null, document, lines)
      : (local.transcript ?? null);
  const certificate: CertificateDetails = {
    recipientName: groundedText(model.certificate.recipientName, local.certificate.recipientName),
    issuingOrganization: groundedText(model.certificate.issuingOrganization, local.certificate.issuingOrganization),
    certificateAuthor: groundedText(model.certificate.certificateAuthor, local.certificate.certificateAuthor),
    completionDate:
      model.certificate.completionDate !== null && dates.has(model.certificate.completionDate)
        ? model.certificate.completionDate
        : local.certificate.completionDate,
  };
  if (transcript && transcript !== local.transcript) {
    certificate.recipientName = transcript.student ?? certificate.recipientName;
    certificate.issuingOrganization = transcript.institution ?? certificate.issuingOrganization;
    certificate.completionDate = transcript.awardDate ?? certificate.completionDate;
  }
  // The local reading's contacts in its role order (instructors first, no teaching assistants), the model's name and
  // title for an address where the text writes them; an address the local reading left out stays out.
  const contacts = local.contacts.map((c) => {
    const named = modelContacts.find((m) => m.email === c.email);
    return named && appears(named.name) ? { ...c, name: named.name, title: groundedText(named.title, c.title) } : c;
  });
  const contactHours = groundedNumber(model.contactHours, local.contactHours, /\bh(?:ou)?rs?\b/i);
  const modulesOrWeeks = groundedNumber(
    model.modulesOrWeeks,
    local.modulesOrWeeks,
    /\b(?:weeks?|modules?|units?|sessions?)\b/i,
  );

  // Evidence for the values the model changed: the first line that holds each; the local lines for the rest.
  const evidence: Record<string, Evidence> = { ...(local.evidence ?? {}) };
  const locate = (key: string, value: string | number | null, localValue: string | number | null | undefined): void => {
    if (value === localValue) return;
    delete evidence[key];
    const line = value === null ? undefined : findEvidence(document, lines, String(value));
    if (line) evidence[key] = line;
  };
  locate('contactHours', contactHours, local.contactHours);
  locate('modulesOrWeeks', modulesOrWeeks, local.modulesOrWeeks);
  for (const field of ['recipientName', 'issuingOrganization', 'certificateAuthor'] as const)
    locate(`certificate.${field}`, certificate[field], local.certificate[field]);
  for (const contact of modelContacts)
    if (!evidence[`contact.${contact.email}`]) locate(`contact.${contact.email}`, contact.email, null);
  if (transcript && transcript !== local.transcript) {
    for (const [field, line] of Object.entries(transcript.evidence)) if (line) evidence[`transcript.${field}`] = line;
    if (transcript.evidence.student) evidence['certificate.recipientName'] = transcript.evidence.student;
    if (transcript.evidence.institution) evidence['certificate.issuingOrganization'] = transcript.evidence.institution;
  }

  const courseCode = groundedText(model.courseCode, local.courseCode ?? null);
  const courseTitle = groundedText(model.courseTitle, local.courseTitle ?? null);
  return {
    // As the local analyzer names a syllabus: its own course code and title, when it states both.
    title:
      courseCode && courseTitle
        ? `${courseCode} ${courseTitle}`
        : (groundedText(model.title, local.title) ?? local.title),
    contactHours,
    // The model adds what the local readers missed, never takes away what they found in the text.
    learningObjectives: Math.max(objectives.length, local.learningObjectives),
    modulesOrWeeks,
    assessmentMethods: ASSESSMENT_METHODS.filter((m) => methods.includes(m) || local.assessmentMethods.includes(m)),
    topics: model.topics,
    certificate,
    contacts,
    completionEvidence: model.completionEvidence
      ? dates.size > 0 || (transcript?.courses.some((c) => c.quarterCredits > 0) ?? false)
      : local.completionEvidence,
    kind,
    courseCode,
    courseTitle,
    transcript,
    evidence,
    ...(local.missing ? { missing: withoutFound(local.missing, contactHours, certificate) } : {}),
  };
}

/** What the local reading found missing, less what the model's grounded answer supplies. */
function withoutFound(
  missing: Record<string, string>,
  contactHours: number | null,
  certificate: CertificateDetails,
): Record<string, string> {
  const left = { ...missing };
  if (contactHours !== null) delete left.contactHours;
  for (const [field, value] of Object.entries(certificate)) if (value !== null) delete left[`certificate.${field}`];
  return left;
}
