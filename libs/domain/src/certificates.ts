import { CRITERIA_KEYS, type CredentialFacts, type Evaluation, type IssuedCredentialKind } from '@app/contracts';
import { CRITERION_LABELS } from './criteria';
import type { DocumentSignals } from './evaluation/document-reading';

/**
 * Certificates of completion and evaluation reports as Open Badges 3.0 credentials (W3C VC data model 2.0), and the
 * rules around them: who may be completed, contact hours, certificate numbers, the revocation bitstring and reading
 * the facts back out of a credential. Signing is the API's (docs/decisions/011-verifiable-credentials.md).
 */

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** Entries of the revocation list: the specification's minimum (16 KB), so one index tells nothing about another. */
export const STATUS_LIST_LENGTH = 131_072;

export interface IssuerProfile {
  /** did:web of the site. */
  id: string;
  name: string;
  url: string;
}

export interface StatusEntry {
  /** URL of the status list credential. */
  listUrl: string;
  index: number;
}

export interface CompletionCredentialInput {
  /** The credential's id (uuid); the credential's `id` is its urn. */
  id: string;
  certificateNumber: string;
  issuer: IssuerProfile;
  signer: { name: string; title: string | null };
  recipient: { name: string; email: string };
  trainingName: string;
  /** YYYY-MM, the cohort's month; null for an enrollment without cohort. */
  cohortMonth: string | null;
  contactHours: number;
  /** YYYY-MM-DD */
  completedOn: string;
  issuedAt: Date;
  verifyUrl: string;
  status: StatusEntry;
}

export interface ReportCourse {
  title: string;
  credits: number;
  grade: string | null;
  equivalency: string | null;
  evidence: { document: string; page: number; quote: string } | null;
}

export interface EvaluationReportInput {
  id: string;
  certificateNumber: string;
  issuer: IssuerProfile;
  evaluator: { name: string };
  recipient: { name: string; email: string };
  credentialName: string;
  awardedCredits: number;
  courses: ReportCourse[];
  criteria: Array<{
    key: string;
    name: string;
    met: boolean;
    evidence: { document: string; page: number; quote: string } | null;
  }>;
  /** YYYY-MM-DD */
  verifiedOn: string;
  issuedAt: Date;
  verifyUrl: string;
  status: StatusEntry;
}

export type OpenBadgeCredential = Record<string, unknown> & {
  '@context': string[];
  id: string;
  type: string[];
  issuer: Record<string, unknown>;
  validFrom: string;
  credentialSubject: Record<string, unknown>;
  credentialStatus: Record<string, unknown>;
};

const urn = (id: string) => `urn:uuid:${id}`;

function statusOf(entry: StatusEntry): Record<string, unknown> {
  return {
    id: `${entry.listUrl}#${entry.index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(entry.index),
    statusListCredential: entry.listUrl,
  };
}

function issuerOf(issuer: IssuerProfile): Record<string, unknown> {
  return { id: issuer.id, type: ['Profile'], name: issuer.name, url: issuer.url };
}

/** Hours shown without a needless decimal: 12, 12.5. */
export function formatHours(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

/** The Open Badges 3.0 credential of one completion; the same inputs give the same document. */
export function completionCredential(input: CompletionCredentialInput): OpenBadgeCredential {
  const hours = formatHours(input.contactHours);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: urn(input.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `Certificate of completion: ${input.trainingName}`,
    issuer: issuerOf(input.issuer),
    validFrom: input.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: input.recipient.name }],
      name: input.recipient.name,
      achievement: {
        id: `${input.issuer.url}/trainings/${encodeURIComponent(input.trainingName)}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: input.trainingName,
        description: `Completion of the ${input.trainingName} training (${hours} contact hours).`,
        criteria: { narrative: `Attended and completed the ${input.trainingName} training.` },
        creator: issuerOf(input.issuer),
      },
      creditsEarned: input.contactHours,
      activityEndDate: `${input.completedOn}T00:00:00Z`,
      ...(input.cohortMonth ? { term: input.cohortMonth } : {}),
      result: [{ type: ['Result'], value: `${hours} contact hours` }],
    },
    evidence: [
      {
        id: input.verifyUrl,
        type: ['Evidence'],
        name: 'Completion recorded by the provider',
        narrative: `Completed on ${input.completedOn}; certified by ${input.signer.name}${input.signer.title ? `, ${input.signer.title}` : ''}.`,
      },
    ],
    credentialStatus: statusOf(input.status),
    certificateNumber: input.certificateNumber,
    contactHours: input.contactHours,
    completedOn: input.completedOn,
    signer: { name: input.signer.name, title: input.signer.title },
    recipientEmail: input.recipient.email,
  };
}

/** The Open Badges 3.0 credential of a verified evaluation: the course-by-course report, each figure with its quote. */
export function evaluationReportCredential(input: EvaluationReportInput): OpenBadgeCredential {
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: urn(input.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `Course-by-course evaluation: ${input.credentialName}`,
    issuer: issuerOf(input.issuer),
    validFrom: input.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      name: input.recipient.name,
      achievement: {
        id: `${input.issuer.url}/evaluation`,
        type: ['Achievement'],
        achievementType: 'Assessment',
        name: `Evaluation of ${input.credentialName}`,
        description: `${input.awardedCredits} quarter credits awarded after staff verification.`,
        criteria: { narrative: 'Seven criteria of academic rigor, credit conversion and course equivalency.' },
      },
      creditsEarned: input.awardedCredits,
      activityEndDate: `${input.verifiedOn}T00:00:00Z`,
      result: [
        ...input.courses.map((course) => ({
          type: ['Result'],
          value: `${course.title}: ${course.credits} credits${course.grade ? `, grade ${course.grade}` : ''}${course.equivalency ? `, equivalent to ${course.equivalency}` : ''}`,
        })),
        ...input.criteria.map((criterion) => ({
          type: ['Result'],
          value: `${criterion.name}: ${criterion.met ? 'met' : 'not met'}`,
        })),
      ],
    },
    evidence: [
      ...input.courses.flatMap((course) =>
        course.evidence
          ? [
              {
                type: ['Evidence'],
                name: course.title,
                narrative: `${course.evidence.document}, page ${course.evidence.page}: "${course.evidence.quote}"`,
              },
            ]
          : [],
      ),
      ...input.criteria.flatMap((criterion) =>
        criterion.evidence
          ? [
              {
                type: ['Evidence'],
                name: criterion.name,
                narrative: `${criterion.evidence.document}, page ${criterion.evidence.page}: "${criterion.evidence.quote}"`,
              },
            ]
          : [],
      ),
    ],
    credentialStatus: statusOf(input.status),
    certificateNumber: input.certificateNumber,
    awardedCredits: input.awardedCredits,
    verifiedOn: input.verifiedOn,
    evaluator: input.evaluator,
    courses: input.courses,
    criteria: input.criteria,
    recipientEmail: input.recipient.email,
  };
}

/** `PTI-2026-000042`: the year of issue and the credential's place in the issuer's sequence. */
export function certificateNumber(kind: IssuedCredentialKind, year: number, sequence: number): string {
  return `${kind === 'completion' ? 'PTI' : 'PTE'}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** Why an enrollment may not be completed now; null when it may. */
export function completionProblem(input: {
  enrollmentStatus: 'active' | 'completed' | 'cancelled';
  balanceCents: number;
  allowUnpaidBalance: boolean;
}): string | null {
  if (input.enrollmentStatus === 'completed') return 'already completed';
  if (input.enrollmentStatus === 'cancelled') return 'cancelled';
  if (input.balanceCents > 0 && !input.allowUnpaidBalance) return 'has an unpaid balance';
  return null;
}

/** A revocation reason: 3 to 500 characters. */
export function revocationReasonError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim().length < 3) return 'Give the reason for the revocation';
  if (value.trim().length > 500) return 'Keep the reason under 500 characters';
  return null;
}

/** The status list's bits, most significant bit first (the specification's order), with the given indexes set. */
export function statusListBits(setIndexes: readonly number[], length = STATUS_LIST_LENGTH): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(length / 8));
  for (const index of setIndexes) {
    if (!Number.isInteger(index) || index < 0 || index >= length)
      throw new RangeError(`status index ${index} out of range`);
    bytes[index >> 3] = (bytes[index >> 3] ?? 0) | (0x80 >> (index & 7));
  }
  return bytes;
}

export function statusListBit(bytes: Uint8Array, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= bytes.length * 8)
    throw new RangeError(`status index ${index} out of range`);
  return ((bytes[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The facts a credential of ours states; null when it is not one of ours in shape. */
export function credentialFacts(credential: unknown): CredentialFacts | null {
  const vc = record(credential);
  const types = Array.isArray(vc.type) ? vc.type : [];
  if (!types.includes('OpenBadgeCredential') || typeof vc.certificateNumber !== 'string') return null;
  const subject = record(vc.credentialSubject);
  const achievement = record(subject.achievement);
  const issuer = record(vc.issuer);
  const isReport = typeof vc.awardedCredits === 'number';
  const courses = Array.isArray(vc.courses) ? vc.courses.map(record) : [];
  const criteria = Array.isArray(vc.criteria) ? vc.criteria.map(record) : [];
  return {
    kind: isReport ? 'evaluation-report' : 'completion',
    certificateNumber: vc.certificateNumber,
    recipientName: str(subject.name),
    title: isReport ? str(achievement.name).replace(/^Evaluation of /, '') : str(achievement.name),
    contactHours: isReport ? null : num(vc.contactHours),
    credits: isReport ? num(vc.awardedCredits) : null,
    awardedOn: str(isReport ? vc.verifiedOn : vc.completedOn),
    issuedAt: str(vc.validFrom),
    issuerName: str(issuer.name),
    issuerId: str(issuer.id),
    signerName: isReport ? str(record(vc.evaluator).name) || null : str(record(vc.signer).name) || null,
    courses: courses.map((course) => ({
      title: str(course.title),
      credits: num(course.credits) ?? 0,
      grade: typeof course.grade === 'string' ? course.grade : null,
      equivalency: typeof course.equivalency === 'string' ? course.equivalency : null,
    })),
    criteria: criteria.map((criterion) => ({ name: str(criterion.name), met: criterion.met === true })),
  };
}

/** The uuid of a credential id `urn:uuid:…`; null otherwise. */
export function credentialUuid(id: unknown): string | null {
  const match = typeof id === 'string' ? /^urn:uuid:([0-9a-f-]{36})$/i.exec(id) : null;
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The course rows and criteria of a verified evaluation's report, each with its evidence line where there is one. */
export function evaluationReportRows(evaluation: Evaluation): {
  courses: ReportCourse[];
  criteria: EvaluationReportInput['criteria'];
  recipientName: string | null;
} {
  const equivalencyOf = new Map(evaluation.courseEquivalencies.map((e) => [e.originalCourse.toLowerCase(), e]));
  const quote = (e: { document: string; page: number; quote: string } | undefined) =>
    e ? { document: e.document, page: e.page, quote: e.quote } : null;
  const transcriptCourses = (evaluation.transcripts ?? []).flatMap((t) => t.courses);
  const courses: ReportCourse[] =
    transcriptCourses.length > 0
      ? transcriptCourses.map((course) => ({
          title: course.title,
          credits: course.quarterCredits,
          grade: course.grade,
          equivalency: equivalencyOf.get(course.title.toLowerCase())?.equivalentCourse ?? null,
          evidence: quote(course.evidence),
        }))
      : evaluation.courseEquivalencies.map((e) => ({
          title: e.originalCourse,
          credits: e.credits,
          grade: null,
          equivalency: e.equivalentCourse,
          evidence: quote(e.evidence),
        }));
  const criteria = CRITERIA_KEYS.map((key) => ({
    key,
    name: CRITERION_LABELS[key],
    met: evaluation[key],
    evidence: quote(evaluation.evidence?.[key]),
  }));
  const recipientName =
    evaluation.certificateDetails.recipientName ??
    (evaluation.transcripts ?? []).find((t) => t.student)?.student ??
    null;
  return { courses, criteria, recipientName };
}

/** The words every figure taken from one of our signed credentials carries in its evidence. */
export const VERIFIED_BY_SIGNATURE = 'verified by signature';

/**
 * What a document says when it carries one of our own signed credentials that verified: the facts come from the
 * credential, not from reading the page, and each evidence line says so.
 */
export function signalsFromOwnCredential(facts: CredentialFacts, fileName: string): DocumentSignals {
  const line = (quote: string) => ({
    document: fileName,
    page: 1,
    line: 1,
    quote: `${quote} (${VERIFIED_BY_SIGNATURE}: ${facts.certificateNumber}, ${facts.issuerName})`,
  });
  const completion = facts.kind === 'completion';
  const evidence: Record<string, { document: string; page: number; line: number; quote: string }> = {
    completionEvidence: line(`${completion ? 'Completed' : 'Verified'} on ${facts.awardedOn}`),
    'certificate.recipientName': line(facts.recipientName),
    'certificate.issuingOrganization': line(facts.issuerName),
    'certificate.completionDate': line(facts.awardedOn),
  };
  if (facts.signerName) evidence['certificate.certificateAuthor'] = line(facts.signerName);
  if (facts.contactHours !== null) evidence.contactHours = line(`${formatHours(facts.contactHours)} contact hours`);
  return {
    title: facts.title,
    contactHours: facts.contactHours,
    learningObjectives: 0,
    modulesOrWeeks: null,
    assessmentMethods: [],
    topics: [],
    certificate: {
      recipientName: facts.recipientName,
      issuingOrganization: facts.issuerName,
      certificateAuthor: facts.signerName,
      completionDate: facts.awardedOn,
    },
    contacts: [],
    completionEvidence: true,
    kind: completion ? 'certificate' : 'other',
    courseCode: null,
    courseTitle: facts.title,
    transcript: null,
    evidence,
  };
}
