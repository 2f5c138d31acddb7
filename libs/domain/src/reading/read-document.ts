import type { CertificateDetails, DocumentKind, Evidence, LeadContact } from '@app/contracts';
import { statesCompletion } from '../credential-analysis';
import { namesAssessmentMethod } from './assessment-methods';
import { findCertificateDetails } from './certificate-details';
import { findContacts } from './contacts';
import { datesWithIndex } from './dates';
import { readInstructionHours, termWeeks } from './instruction-hours';
import { findModulesOrWeeks } from './modules-or-weeks';
import { normalizeDocumentText } from './normalize-text';
import { modulesFromOutline, readScheduleRows } from './schedule';
import { reviewReason, type UncertainWord } from './uncertain-words';
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
  /** Contact hours stated or derived (the evidence's derivation says how); null when no line gives them. */
  contactHours: number | null;
  /** Weeks or modules: the larger of those stated, listed in a weekly outline or an outline of topics, or spanned by a schedule. */
  modulesOrWeeks: number | null;
  /** What no line states, by field ('contactHours', 'certificate.recipientName'…), in words for the evaluator. */
  missing: Record<string, string>;
  /**
   * Keyed by field: 'contactHours', 'modulesOrWeeks', 'learningObjectives', 'assessmentMethods', 'completionEvidence',
   * 'certificate.recipientName', 'contact.<email>', 'transcript.<field>'.
   */
  evidence: Record<string, Evidence>;
}

const COURSE_CODE = /\b(?:course\s+(?:code|number|no\.?)\s*:?\s*)?([A-Z]{2,5}[ -]?\d{3,4}[A-Z]?)\b/;
const CODE = '[A-Z]{2,5}[ -]?\\d{3,4}[A-Z]?';
/** 'MIS 540 Data Communication', 'LIN7076 – Foundations of …', 'CIS104: Coding in Python (3 credits)'. */
const CODE_THEN_TITLE = new RegExp(`^(${CODE})(?:\\s*[-–—:]\\s*|\\s+)(\\S.{2,100})$`);
/** 'Software Security (CSE 545)'. */
const TITLE_THEN_CODE = new RegExp(`^(\\S.{2,100}?)\\s*\\((${CODE})\\)$`);
/** A line that is a course code alone, or with the term or a cross-listed code ('ITSE 1430', 'CS-231 Spring 2019'). */
const CODE_LINE = new RegExp(`^(${CODE})\\b(?:[^a-z]|(?<=\\b[A-Z])[a-z]+)*$`);
const TERM_WORDS = /^(?:(?:fall|spring|summer|winter|autumn)(?:\s+[A-Z])?\s+\d{4}|\d{4}(?:\s*[-/]\s*\d{2,4})?)$/i;
/** What names the document, its term or its issuer, never the course: 'Course Syllabus - Spring A 2021', 'Syllabus (Autumn 2025)'. */
const NOT_A_TITLE =
  /\bsyllabus\b|\bcourse\s+(?:outline|plan)\b|^(?:course\s+)?(?:outline|information(?:\s+document)?|description|overview)$|^(?:participants|grades|general|dashboard|calendar|announcements|introduction|contents?)$|\b(?:university|college|institute|academy|school\s+of)\b|@|https?:|www\.|\d{3}/i;
/** What names the document itself, beside the title on one line ('Syllabus – …', '… - course plan'). */
const DOCUMENT_NAME = /\bsyllabus\b|\bcourse\s+(?:outline|plan)\b/i;
/** 'Instructor: Jane Roe', 'Time: MW 9:00': a label of a word or three and its value; a title's subtitle follows more words. */
const KEY_VALUE = /^[^:]{1,30}:/;
/** A label whose value is the course's title: 'Course Title', 'Course Name:' (the value on its line or the next). */
const TITLE_LABEL = /^(?:course\s+)?(?:title|name)\b\s*:?\s*(.*)$/i;
const LABEL_CELL = /^(?:class|course|course\s+(?:title|name|code|number))\s*:?$/i;

/** A title as the document writes it, without the credits beside it ('Coding in Python (3 credits)'). */
function cleanCourseTitle(title: string): string {
  return title
    .replace(/^\((?:eng(?:lish)?|en)\.?\)\s*/i, '')
    .replace(/\s*\(\s*\d{1,2}(?:\.\d)?\s*(?:credits?|credit\s+hours?|units?|hours?|cr|ects)\.?\s*\)\s*$/i, '')
    .replace(/[\s,;.-]+$/, '')
    .trim();
}

/** A title is a short phrase: a capital first, at most ten words, not a sentence or a line of wrapped prose. */
function isTitle(text: string): boolean {
  const t = text.trim();
  return (
    t.length >= 4 &&
    t.length <= 120 &&
    /^[\p{Lu}\d]/u.test(t) &&
    /[A-Za-z]{3}/.test(t) &&
    t.split(/\s+/).length <= 10 &&
    !/[.,;]\s|\b(?:and|or|the|to|of|with|for|in)$/i.test(t) &&
    !NOT_A_TITLE.test(t) &&
    !(KEY_VALUE.test(t) && (t.split(':')[0] ?? '').split(/\s+/).length <= 3) &&
    !t.endsWith(':') &&
    !TERM_WORDS.test(t)
  );
}

/**
 * The course a syllabus or course description is about, from the top of its first page: a 'CODE Title' line (or
 * 'Title (CODE)', or a 'Class: CODE: Title' row of a header table), a 'Course Title' label, or a code on a line of its
 * own with the title on a line near it. A line naming the document ('Syllabus'), its term ('Spring 2019'), the
 * institution or a person is never the title; with no line left that could be, the title is absent.
 */
function ownCourse(lines: readonly TextLine[]): { code: string | null; title: string | null } {
  const top = lines.slice(0, 10);
  // Each line, and the value cell of a header table's row ('Class' | 'CIS104: Coding in Python').
  const texts = top.map((l) => {
    const cells = l.cells.map((c) => c.text.trim());
    return cells.length === 2 && LABEL_CELL.test(cells[0] ?? '') ? (cells[1] ?? '') : l.text.trim();
  });
  // A row of a table (three cells or more) is never the title on its own ('Class | Class Title | Enrolled | …').
  const tableRow = (i: number): boolean => (top[i]?.cells.length ?? 0) > 2;
  let code: string | null = null;
  for (const [i, text] of texts.entries()) {
    const codeFirst = CODE_THEN_TITLE.exec(text);
    const titleFirst = codeFirst ? null : TITLE_THEN_CODE.exec(text);
    const [lineCode, lineTitle] = codeFirst ? [codeFirst[1], codeFirst[2]] : [titleFirst?.[2], titleFirst?.[1]];
    if (lineCode === undefined || lineTitle === undefined) continue;
    const title = cleanCourseTitle(lineTitle);
    if (isTitle(title)) return { code: lineCode, title };
    // 'CSC4500 Syllabus' over 'Database Design', or 'Paradigms' over 'CS-231 Spring 2019': the title beside the code.
    const beside = [i + 1, i - 1]
      .filter((j) => !tableRow(j))
      .map((j) => texts[j])
      .find((t) => t !== undefined && isTitle(t) && !CODE_LINE.test(t));
    if (code === null && beside !== undefined) return { code: lineCode, title: cleanCourseTitle(beside) };
    code ??= lineCode;
  }
  const coded = top
    .map((l) => /course\s+(?:code|number|no\.?)\s*:?\s*([A-Z]{2,5}[ -]?\d{3,4}[A-Z]?)\b/i.exec(l.text))
    .find(Boolean);
  code ??=
    coded?.[1] ??
    top.map((l) => COURSE_CODE.exec(l.text)).find((m) => m && /course code/i.test(m.input))?.[1] ??
    texts.map((t) => CODE_LINE.exec(t)?.[1]).find(Boolean) ??
    null;
  for (const [i, text] of texts.entries()) {
    const labelled = TITLE_LABEL.exec(text);
    if (!labelled) continue;
    const value = cleanCourseTitle(labelled[1] ?? '') || cleanCourseTitle(texts[i + 1] ?? '');
    if (isTitle(value)) return { code, title: value };
  }
  // Layout feature: the title between what names the document and its term on one line ('Syllabus – Advanced
  // Cognitive Modeling – Spring 2020', 'Computational Neuroscience - course plan'): the one part that is a title.
  for (const text of texts) {
    const parts = text.split(/\s+[-–—|]\s+/).map((p) => p.trim());
    const titles = parts.filter(isTitle);
    if (parts.length >= 2 && titles.length === 1 && parts.some((p) => DOCUMENT_NAME.test(p)))
      return { code, title: cleanCourseTitle(titles[0] ?? '') };
  }
  // A title is near the code the top of the page gives: a line further away is a section of the page (an OCR'd
  // course site's 'Participants', 'Lectures Video'), not the course's name.
  const codeAt = code === null ? -1 : texts.findIndex((t) => t.includes(code as string));
  const title = texts.find(
    (t, i) =>
      isTitle(t) &&
      !tableRow(i) &&
      !CODE_LINE.test(t) &&
      !TITLE_LABEL.test(t) &&
      (codeAt < 0 || Math.abs(i - codeAt) <= 2),
  );
  return { code, title: title === undefined ? null : cleanCourseTitle(title) };
}

const WEEK_OR_MODULE = (n: number): RegExp =>
  new RegExp(`\\b(?:weeks?|modules?|units?)\\s*#?\\s*${n}\\b|\\b${n}\\s*-?\\s*(?:weeks?|modules?|units?)\\b`, 'i');

/** The weeks or modules and the line they come from: stated or the last of a numbered outline, or counted (with how). */
function readModulesOrWeeks(
  lines: readonly TextLine[],
  text: string,
  course: boolean,
): { value: number; line: TextLine; derivation: string | null } | null {
  const candidates: { value: number; line: TextLine; derivation: string | null }[] = [];
  const stated = findModulesOrWeeks(text);
  const statedLine =
    stated === null ? undefined : lines.find((l) => WEEK_OR_MODULE(stated).test(normalizeDocumentText(l.text)));
  if (stated !== null && statedLine) candidates.push({ value: stated, line: statedLine, derivation: null });
  if (course) {
    const weeks = termWeeks(lines);
    if (weeks) candidates.push({ value: weeks.weeks, line: weeks.line, derivation: weeks.how });
    const outline = modulesFromOutline(lines);
    if (outline)
      candidates.push({
        value: outline.modules,
        line: outline.line,
        derivation: `${outline.modules} topics listed under this heading`,
      });
    const rows = readScheduleRows(lines);
    const first = rows[0];
    if (first)
      candidates.push({
        value: rows.length,
        line: first.line,
        derivation: `${rows.length} dated rows in the schedule`,
      });
  }
  return candidates.sort((a, b) => b.value - a.value)[0] ?? null;
}

const MISSING_CERTIFICATE: Record<keyof CertificateDetails, string> = {
  recipientName: 'no line in the documents names the recipient',
  issuingOrganization: 'no line in the documents names the issuing organization',
  certificateAuthor: 'no line in the documents names a signer',
  completionDate: 'no line in the documents dates the completion',
};

export function readDocument(
  document: string,
  text: string,
  positioned?: readonly TextLine[],
  fallback: DocumentKind = 'other',
  uncertain: readonly UncertainWord[] = [],
): KindReading {
  const lines = positioned && positioned.length > 0 ? positioned : linesOfText(text);
  const lineText = lines.map((l) => l.text).join('\n');
  const kind = classifyDocument(lineText, fallback);
  const transcript = kind === 'transcript' ? readTranscript(document, lines) : null;
  const evidence: Record<string, Evidence> = {};
  const certificate = findCertificateDetails(text, lines);
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

  const course = kind === 'syllabus' || kind === 'course_description';
  const missing: Record<string, string> = {};
  const hours = readInstructionHours(lines, course);
  if (hours.hours !== null && hours.line) {
    evidence.contactHours = {
      ...evidenceOf(document, hours.line),
      ...(hours.derivation ? { derivation: hours.derivation } : {}),
    };
  } else if (hours.missing) missing.contactHours = hours.missing;
  const structure = readModulesOrWeeks(lines, lineText, course);
  if (structure) {
    evidence.modulesOrWeeks = {
      ...evidenceOf(document, structure.line),
      ...(structure.derivation ? { derivation: structure.derivation } : {}),
    };
  }
  const put = (key: string, value: string | number | null | undefined): void => {
    const found = findEvidence(document, lines, value === null || value === undefined ? null : String(value));
    if (found) evidence[key] = found;
  };
  for (const [field, value] of Object.entries(certificate)) {
    if (field === 'completionDate' && value) {
      // A date is quoted from the line that writes it, in whatever form it has there.
      const dated = lines.filter((l) => datesWithIndex(normalizeDocumentText(l.text)).some((d) => d.iso === value));
      const line = dated.find((l) => /complet|award|issu|confer|grant/i.test(l.text)) ?? dated[0];
      if (line) evidence['certificate.completionDate'] = evidenceOf(document, line);
    } else put(`certificate.${field}`, value);
    if (kind === 'certificate' && value === null)
      missing[`certificate.${field}`] = MISSING_CERTIFICATE[field as keyof CertificateDetails];
  }
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
  const own = course ? ownCourse(lines) : { code: null, title: null };
  if (own.title) {
    const line = lines.find((l) => l.text.includes(own.title ?? ''));
    if (line) evidence.courseTitle = evidenceOf(document, line);
  }
  // A figure or a name OCR read with low confidence is marked for the evaluator's review, not shown as certain.
  const values: Record<string, string | number | null> = {
    contactHours: hours.hours,
    ...Object.fromEntries(Object.entries(certificate).map(([f, v]) => [`certificate.${f}`, v])),
  };
  for (const [field, value] of Object.entries(values)) {
    const line = evidence[field];
    const reason =
      line && value !== null && !field.endsWith('completionDate') ? reviewReason(line, value, uncertain) : undefined;
    if (line && reason) evidence[field] = { ...line, review: reason };
  }
  return {
    kind,
    courseCode: own.code,
    courseTitle: own.title,
    transcript,
    certificate,
    contacts,
    contactHours: hours.hours,
    modulesOrWeeks: structure?.value ?? null,
    missing,
    evidence,
  };
}
