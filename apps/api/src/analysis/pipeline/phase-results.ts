import type { CertificateDetails, CourseEquivalency, Criteria, DocumentType, LeadContact } from '@app/contracts';
import {
  allocateEquivalencyCredits,
  type AssessmentMethod,
  ASSESSMENT_METHODS,
  CONTACT_HOURS_PER_QUARTER_CREDIT,
  countMetCriteria,
  evaluateCriteria,
  meetsMinimumRequirements,
  meetsTopicOverlap,
  mergeCertificateDetails,
  mergeContacts,
  quarterCreditsFromHours,
  recommendedCredits,
  rigorScore,
  type CriteriaEvidence,
} from '@app/domain';
import type { AnalyzerName, DocumentSignals } from '../analyzers/document-analyzer';
import type { ExtractionMethod } from '../extraction/document-text-extractor';

/** The results stored for each of the six phases: what GET /analyses returns and what later phases read. */

export interface DocumentReading {
  documentId: string;
  fileName: string;
  documentType: DocumentType;
  characters: number;
  pages?: number;
  method: ExtractionMethod;
  analyzer: AnalyzerName;
  fallbackReason?: string;
  signals: DocumentSignals;
}

export interface IndividualAnalysis {
  documents: DocumentReading[];
}

export interface CourseOverlap {
  code: string;
  title: string;
  credits: number;
  /** 0..1: the share of the course's topics the documents cover. */
  overlap: number;
  /** Title of the document that covers the course best. */
  originalCourse: string;
}

export interface CombinedAnalysis {
  documentCount: number;
  contactHours: number | null;
  learningObjectives: number;
  modulesOrWeeks: number | null;
  assessmentMethods: AssessmentMethod[];
  /** Catalog topics the documents cover, then subjects an AI analyzer named. */
  topics: string[];
  /** Every catalog course with its overlap, best first. */
  courseOverlaps: CourseOverlap[];
}

export interface RigorAssessment {
  criteria: Criteria;
  criteriaMet: number;
  minimumRequirementsMet: boolean;
  rigorScore: number;
  rigorExplanation: string[];
  evidence: CriteriaEvidence;
}

export interface MatchedCourse {
  code: string;
  title: string;
  overlap: number;
}

export interface CreditCalculation {
  contactHours: number | null;
  creditRule: string;
  creditsFromHours: number;
  totalCredits: number;
  explanation: string;
  matchedCourses: MatchedCourse[];
  courseEquivalencies: CourseEquivalency[];
}

export interface CertificateExtraction {
  certificateDetails: CertificateDetails;
}

export interface LeadGeneration {
  leadContacts: LeadContact[];
}

/**
 * Hours and structure describe one credential told by several documents (a syllabus and its certificate
 * both say '36 hours'), so the largest value counts, not the sum; assessment methods are pooled.
 */
export function combineReadings(readings: readonly DocumentReading[], courseOverlaps: CourseOverlap[], catalogTopics: readonly string[]): CombinedAnalysis {
  const signals = readings.map((r) => r.signals);
  const largest = (values: (number | null)[]): number | null => {
    const known = values.filter((v): v is number => v !== null);
    return known.length > 0 ? Math.max(...known) : null;
  };
  const methods = new Set(signals.flatMap((s) => s.assessmentMethods));
  const named = signals.flatMap((s) => s.topics);
  const seen = new Set(catalogTopics.map((t) => t.toLowerCase()));
  return {
    documentCount: readings.length,
    contactHours: largest(signals.map((s) => s.contactHours)),
    learningObjectives: Math.max(0, ...signals.map((s) => s.learningObjectives)),
    modulesOrWeeks: largest(signals.map((s) => s.modulesOrWeeks)),
    assessmentMethods: ASSESSMENT_METHODS.filter((m) => methods.has(m)),
    topics: [...catalogTopics, ...named.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()))],
    courseOverlaps,
  };
}

/** Certificates speak for the recipient and issuer first, then transcripts, then the rest. */
const DOCUMENT_TYPE_PRIORITY: Readonly<Record<DocumentType, number>> = {
  certificate: 0,
  transcript: 1,
  syllabus: 2,
  course_description: 3,
  other: 4,
};

export function byCertificateAuthority(readings: readonly DocumentReading[]): DocumentReading[] {
  return [...readings].sort((a, b) => DOCUMENT_TYPE_PRIORITY[a.documentType] - DOCUMENT_TYPE_PRIORITY[b.documentType]);
}

export function extractCertificate(readings: readonly DocumentReading[]): CertificateExtraction {
  return { certificateDetails: mergeCertificateDetails(byCertificateAuthority(readings).map((r) => r.signals.certificate)) };
}

export function assessRigor(combined: CombinedAnalysis, certificate: CertificateExtraction, readings: readonly DocumentReading[]): RigorAssessment {
  const evidence: CriteriaEvidence = {
    topicOverlap: combined.courseOverlaps[0]?.overlap ?? 0,
    learningObjectives: combined.learningObjectives,
    assessmentMethodCount: combined.assessmentMethods.length,
    contactHours: combined.contactHours,
    modulesOrWeeks: combined.modulesOrWeeks,
    hasIssuingOrganization: certificate.certificateDetails.issuingOrganization !== null,
    hasCompletionEvidence: readings.some((r) => r.signals.completionEvidence),
  };
  const criteria = evaluateCriteria(evidence);
  const { score, explanation } = rigorScore(criteria, {
    contactHours: combined.contactHours,
    learningObjectives: combined.learningObjectives,
    assessmentCount: combined.assessmentMethods.length,
  });
  return {
    criteria,
    criteriaMet: countMetCriteria(criteria),
    minimumRequirementsMet: meetsMinimumRequirements(criteria),
    rigorScore: score,
    rigorExplanation: explanation,
    evidence,
  };
}

const percent = (overlap: number): number => Math.round(overlap * 100);

export function calculateCredits(combined: CombinedAnalysis, rigor: RigorAssessment): CreditCalculation {
  const hours = combined.contactHours;
  const creditsFromHours = hours === null ? 0 : quarterCreditsFromHours(hours);
  const totalCredits = recommendedCredits(hours, rigor.minimumRequirementsMet);
  const matches = combined.courseOverlaps.filter((c) => meetsTopicOverlap(c.overlap));
  const explanation =
    hours === null
      ? 'No contact hours are stated, so no credit can be calculated.'
      : rigor.minimumRequirementsMet
        ? `${hours} contact hours / ${CONTACT_HOURS_PER_QUARTER_CREDIT} = ${totalCredits} quarter credits.`
        : `${hours} contact hours would give ${creditsFromHours} quarter credits, but the minimum requirements are not met, so none are recommended.`;
  return {
    contactHours: hours,
    creditRule: `1 quarter credit = ${CONTACT_HOURS_PER_QUARTER_CREDIT} contact hours; courses match at 70% topic overlap or more`,
    creditsFromHours,
    totalCredits,
    explanation,
    matchedCourses: matches.map((c) => ({ code: c.code, title: c.title, overlap: percent(c.overlap) })),
    courseEquivalencies: allocateEquivalencyCredits(
      matches.map((c) => ({ originalCourse: c.originalCourse, equivalentCourse: `${c.code} ${c.title}`, courseCredits: c.credits })),
      totalCredits,
    ),
  };
}

export function collectContacts(readings: readonly DocumentReading[]): LeadGeneration {
  return { leadContacts: mergeContacts(readings.map((r) => r.signals.contacts)) };
}
