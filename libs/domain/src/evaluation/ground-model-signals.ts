import type { CertificateDetails, Evidence } from '@app/contracts';
import { ASSESSMENT_METHODS } from '../reading/assessment-methods';
import { findDates } from '../reading/dates';
import { kindScore } from '../reading/document-kind';
import { findEvidence } from '../reading/evidence';
import { groundTranscript } from '../reading/ground-transcript';
import { normalizeDocumentText } from '../reading/normalize-text';
import { linesOfText, type TextLine } from '../reading/positioned-lines';
import { topicOverlap } from '../topic-overlap';
import type { DocumentSignals } from './document-reading';
import type { ModelSignals } from './model-signals';

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
