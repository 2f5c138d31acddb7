import type { CertificateDetails, DocumentKind, Evidence, LeadContact } from '@app/contracts';
import { statesCompletion } from '../credential-analysis';
import { namesAssessmentMethod } from './assessment-methods';
import { findCertificateDetails } from './certificate-details';
import { findContactHours } from './contact-hours';
import { findContacts } from './contacts';
import { findModulesOrWeeks } from './modules-or-weeks';
import { classifyDocument } from './document-kind';
import { evidenceOf, findEvidence } from './evidence';
import { introducesObjectives } from './learning-objectives';
import { linesOfText, type TextLine } from './positioned-lines';
import { institutionOf, readTranscript, type TranscriptReading } from './transcript-reader';

/**
 * What every reader adds to the signals: the document's kind, its own course code and title (syllabi and course
 * descriptions), its transcript rows, and where each value was read. The per-kind readers: transcript-reader.ts;
 * certificates, syllabi and course descriptions use the single-signal readers beside it (one file each).
 */
export interface KindReading {
  kind: DocumentKind;
  courseCode: string | null;
  courseTitle: string | null;
  transcript: TranscriptReading | null;
  certificate: CertificateDetails;
  contacts: LeadContact[];
  /**
   * Keyed by field: 'contactHours', 'modulesOrWeeks', 'learningObjectives', 'assessmentMethods', 'completionEvidence',
   * 'certificate.recipientName', 'contact.<email>', 'transcript.<field>'.
   */
  evidence: Record<string, Evidence>;
}

const COURSE_CODE = /\b(?:course\s+(?:code|number|no\.?)\s*:?\s*)?([A-Z]{2,5}[ -]?\d{3,4}[A-Z]?)\b/;

/** The course a syllabus or course description is about: a 'CODE Title' line near the top, or 'Course code: X'. */
function ownCourse(lines: readonly TextLine[]): { code: string | null; title: string | null } {
  const top = lines.slice(0, 8);
  for (const line of top) {
    const [, lineCode, lineTitle] = /^([A-Z]{2,5}[ -]?\d{3,4}[A-Z]?)\s+([A-Z][^:]{3,100})$/.exec(line.text) ?? [];
    if (lineCode !== undefined && lineTitle !== undefined) return { code: lineCode, title: lineTitle.trim() };
  }
  const coded = top
    .map((l) => /course\s+(?:code|number|no\.?)\s*:?\s*([A-Z]{2,5}[ -]?\d{3,4}[A-Z]?)\b/i.exec(l.text))
    .find(Boolean);
  const code =
    coded?.[1] ?? top.map((l) => COURSE_CODE.exec(l.text)).find((m) => m && /course code/i.test(m.input))?.[1] ?? null;
  const title = top.find(
    (l) =>
      l.text.length >= 4 && l.text.length <= 120 && /[A-Za-z]{3}/.test(l.text) && !/^course description$/i.test(l.text),
  );
  return { code, title: title?.text ?? null };
}

export function readDocument(
  document: string,
  text: string,
  positioned?: readonly TextLine[],
  fallback: DocumentKind = 'other',
): KindReading {
  const lines = positioned && positioned.length > 0 ? positioned : linesOfText(text);
  const lineText = lines.map((l) => l.text).join('\n');
  const kind = classifyDocument(lineText, fallback);
  const transcript = kind === 'transcript' ? readTranscript(document, lines) : null;
  const evidence: Record<string, Evidence> = {};
  const certificate = findCertificateDetails(text);
  const institution = transcript?.institution ?? institutionOf(lines)?.value ?? null;

  if (transcript) {
    certificate.recipientName = transcript.student ?? certificate.recipientName;
    certificate.issuingOrganization = transcript.institution ?? certificate.issuingOrganization;
    certificate.completionDate = transcript.awardDate ?? certificate.completionDate;
    if (certificate.certificateAuthor === transcript.student) certificate.certificateAuthor = null;
  }
  const contacts = findContacts(text).map((c) => ({ ...c, organization: c.organization ?? institution }));
  // A transcript's signer is the registrar (or records officer) named with a title.
  if (transcript && certificate.certificateAuthor === null) {
    certificate.certificateAuthor =
      contacts.find(
        (c) => c.title !== null && c.name !== transcript.student && /\s/.test(c.name) && !/office/i.test(c.name),
      )?.name ?? null;
  }

  const hours = findContactHours(text);
  const put = (key: string, value: string | number | null | undefined): void => {
    const found = findEvidence(document, lines, value === null || value === undefined ? null : String(value));
    if (found) evidence[key] = found;
  };
  put('contactHours', hours);
  put('modulesOrWeeks', findModulesOrWeeks(text));
  for (const [field, value] of Object.entries(certificate)) put(`certificate.${field}`, value);
  for (const contact of contacts) put(`contact.${contact.email}`, contact.email);
  if (transcript) {
    for (const [field, value] of Object.entries(transcript.evidence))
      if (value) evidence[`transcript.${field}`] = value;
    const dateLine = transcript.evidence.awardDate;
    if (dateLine) evidence['certificate.completionDate'] = dateLine;
    if (transcript.evidence.student) evidence['certificate.recipientName'] = transcript.evidence.student;
    if (transcript.evidence.institution) evidence['certificate.issuingOrganization'] = transcript.evidence.institution;
  }
  const firstLine = (test: (text: string) => boolean): Evidence | undefined => {
    const line = lines.find((l) => test(l.text));
    return line ? evidenceOf(document, line) : undefined;
  };
  const objectives = firstLine(introducesObjectives);
  if (objectives) evidence.learningObjectives = objectives;
  const assessment = firstLine(namesAssessmentMethod);
  if (assessment) evidence.assessmentMethods = assessment;
  // A transcript shows completion by its award line or, failing that, its first course with credit earned.
  const completion =
    transcript?.evidence.awardDate ??
    transcript?.courses.find((c) => c.quarterCredits > 0)?.evidence ??
    firstLine(statesCompletion);
  if (completion) evidence.completionEvidence = completion;
  const course = kind === 'syllabus' || kind === 'course_description' ? ownCourse(lines) : { code: null, title: null };
  if (course.title) {
    const line = lines.find((l) => l.text.includes(course.title ?? ''));
    if (line) evidence.courseTitle = evidenceOf(document, line);
  }
  return { kind, courseCode: course.code, courseTitle: course.title, transcript, certificate, contacts, evidence };
}
