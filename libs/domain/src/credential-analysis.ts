import type { CertificateDetails, CourseEquivalency, LeadContact } from '@app/contracts';
import { quarterCreditsFromHours } from './credits';
import { findDates } from './reading/dates';
import { normalizeDocumentText } from './reading/normalize-text';

/**
 * Rules the analysis pipeline applies when it combines what each document says into one evaluation.
 * The readers of single signals live in reading/, one file each.
 */

const COMPLETION_PHRASE =
  /\b(?:successfully\s+completed|has\s+completed|completed\s+(?:the|all|a)\b|certificate\s+of\s+(?:completion|achievement|attendance)|certif(?:y|ies)\s+that|(?:awarded|conferred|granted)\s+(?:to|on|upon)|final\s+grade|grade\s*:|official\s+transcript|date\s+of\s+completion|completion\s+date)/i;

/** A document is evidence of completion when it says so (certificate or transcript wording) and carries a date. */
/** Whether a line says the course was completed (certificate or transcript wording); for the evidence line. */
export function statesCompletion(line: string): boolean {
  return COMPLETION_PHRASE.test(normalizeDocumentText(line));
}

export function findCompletionEvidence(rawText: string): boolean {
  const text = normalizeDocumentText(rawText);
  return COMPLETION_PHRASE.test(text) && findDates(text).length > 0;
}

const MAX_TITLE_LENGTH = 120;

/** The first line that reads like a title (letters, not too long), else the file name without its extension. */
export function findDocumentTitle(rawText: string, fileName: string): string {
  const lines = normalizeDocumentText(rawText)
    .split('\n')
    .map((line) => line.trim());
  const title = lines.find((line) => line.length >= 4 && line.length <= MAX_TITLE_LENGTH && /[A-Za-z]{3}/.test(line));
  return title ?? fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/**
 * Recommended quarter credits: 1 per 10 contact hours, but only for a credential that meets the
 * minimum requirements; one that does not is recommended none, whatever its hours.
 */
export function recommendedCredits(contactHours: number | null, minimumRequirementsMet: boolean): number {
  if (!minimumRequirementsMet || contactHours === null) return 0;
  return quarterCreditsFromHours(contactHours);
}

export interface EquivalencyCandidate {
  originalCourse: string;
  equivalentCourse: string;
  /** What the catalog course is worth. */
  courseCredits: number;
}

/**
 * Hands out the credential's recommended credits to its matched courses, best match first: each course
 * gets at most its own credits and never more than is left, so equivalencies never add up to more than
 * the credential earned. Courses left with nothing are dropped.
 */
export function allocateEquivalencyCredits(
  candidates: readonly EquivalencyCandidate[],
  totalCredits: number,
): CourseEquivalency[] {
  let remainingTenths = Math.round(Math.max(0, totalCredits) * 10);
  const result: CourseEquivalency[] = [];
  for (const candidate of candidates) {
    const tenths = Math.min(Math.round(candidate.courseCredits * 10), remainingTenths);
    if (tenths <= 0) continue;
    remainingTenths -= tenths;
    result.push({
      originalCourse: candidate.originalCourse,
      equivalentCourse: candidate.equivalentCourse,
      credits: tenths / 10,
    });
  }
  return result;
}

const EMPTY_DETAILS: CertificateDetails = {
  recipientName: null,
  issuingOrganization: null,
  certificateAuthor: null,
  completionDate: null,
};

/** Each field from the first document that states it; callers order the documents certificates first. */
export function mergeCertificateDetails(details: readonly CertificateDetails[]): CertificateDetails {
  const merged: CertificateDetails = { ...EMPTY_DETAILS };
  for (const item of details) {
    merged.recipientName ??= item.recipientName;
    merged.issuingOrganization ??= item.issuingOrganization;
    merged.certificateAuthor ??= item.certificateAuthor;
    merged.completionDate ??= item.completionDate;
  }
  return merged;
}

/** One contact per email address (case-insensitive); a later mention fills what an earlier one lacked. */
export function mergeContacts(lists: readonly (readonly LeadContact[])[]): LeadContact[] {
  const byEmail = new Map<string, LeadContact>();
  for (const contact of lists.flat()) {
    const key = contact.email.toLowerCase();
    const known = byEmail.get(key);
    if (!known) {
      byEmail.set(key, { ...contact, email: key });
      continue;
    }
    known.title ??= contact.title;
    known.organization ??= contact.organization;
  }
  return Array.from(byEmail.values());
}
