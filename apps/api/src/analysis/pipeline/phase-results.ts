import {
  CRITERIA_KEYS,
  type CertificateDetails,
  type CourseEquivalency,
  type Criteria,
  type DocumentType,
  type Evidence,
  type EvaluationEvidence,
  type LeadContact,
  type TranscriptSummary,
} from '@app/contracts';
import {
  type AssessmentMethod,
  ASSESSMENT_METHODS,
  contactHoursFromQuarterCredits,
  countMetCriteria,
  creditCalculation,
  type CreditCalculation,
  evaluateCriteria,
  findTopicEvidence,
  linesOfText,
  meetsMinimumRequirements,
  mergeCertificateDetails,
  mergeContacts,
  rigorScore,
  type CatalogCourse,
  type CourseMatchResult,
  type CriteriaEvidence,
  matchCourses,
  matchTranscriptCourses,
  topicOverlap,
  transcriptEquivalencies,
  type TextLine,
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
  /** The first line of that document holding one of the course's topics. */
  evidence?: Evidence;
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
  /** Quarter credits the transcripts' earned course rows are worth; null without a transcript that lists courses. */
  transcriptCredits?: number | null;
  /** Each transcript course matched to a catalog course, course by course. */
  transcriptEquivalencies?: CourseEquivalency[];
  /** The best overlap of a transcript course with a catalog course. */
  transcriptOverlap?: number;
}

export interface RigorAssessment {
  criteria: Criteria;
  criteriaMet: number;
  minimumRequirementsMet: boolean;
  rigorScore: number;
  rigorExplanation: string[];
  evidence: CriteriaEvidence;
}

export type { CreditCalculation, MatchedCourse } from '@app/domain';

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
export function combineReadings(
  readings: readonly DocumentReading[],
  courseOverlaps: CourseOverlap[],
  catalogTopics: readonly string[],
  transcriptMatches: readonly CourseMatchResult[] = [],
): CombinedAnalysis {
  const signals = readings.map((r) => r.signals);
  const largest = (values: (number | null)[]): number | null => {
    const known = values.filter((v): v is number => v !== null);
    return known.length > 0 ? Math.max(...known) : null;
  };
  const methods = new Set(signals.flatMap((s) => s.assessmentMethods));
  const named = signals.flatMap((s) => s.topics);
  const seen = new Set(catalogTopics.map((t) => t.toLowerCase()));
  const transcripts = signals.flatMap((s) => (s.transcript && s.transcript.courses.length > 0 ? [s.transcript] : []));
  const transcriptCredits =
    transcripts.length > 0 ? Math.round(transcripts.reduce((sum, t) => sum + t.quarterCredits, 0) * 100) / 100 : null;
  // A transcript's hours are its quarter credits at 10 contact hours each, not a number that happens to be written in it.
  const hours = transcriptCredits !== null ? contactHoursFromQuarterCredits(transcriptCredits) : null;
  const otherHours = largest(
    signals.filter((s) => !s.transcript || s.transcript.courses.length === 0).map((s) => s.contactHours),
  );
  return {
    documentCount: readings.length,
    contactHours: hours !== null ? Math.max(hours, otherHours ?? 0) : largest(signals.map((s) => s.contactHours)),
    learningObjectives: Math.max(0, ...signals.map((s) => s.learningObjectives)),
    modulesOrWeeks: largest(signals.map((s) => s.modulesOrWeeks)),
    assessmentMethods: ASSESSMENT_METHODS.filter((m) => methods.has(m)),
    topics: [...catalogTopics, ...named.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()))],
    courseOverlaps,
    transcriptCredits,
    transcriptEquivalencies: transcriptEquivalencies(transcriptMatches),
    transcriptOverlap: Math.max(0, ...transcriptMatches.map((m) => m.overlap)),
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
  return {
    certificateDetails: mergeCertificateDetails(byCertificateAuthority(readings).map((r) => r.signals.certificate)),
  };
}

export function assessRigor(
  combined: CombinedAnalysis,
  certificate: CertificateExtraction,
  readings: readonly DocumentReading[],
): RigorAssessment {
  const evidence: CriteriaEvidence = {
    topicOverlap: Math.max(combined.courseOverlaps[0]?.overlap ?? 0, combined.transcriptOverlap ?? 0),
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

/** Phase 4: the credit rules are libs/domain's (`creditCalculation`). */
export function calculateCredits(combined: CombinedAnalysis, rigor: RigorAssessment): CreditCalculation {
  return creditCalculation({
    contactHours: combined.contactHours,
    minimumRequirementsMet: rigor.minimumRequirementsMet,
    courseOverlaps: combined.courseOverlaps,
    transcriptCredits: combined.transcriptCredits,
    transcriptEquivalencies: combined.transcriptEquivalencies,
  });
}

export function collectContacts(readings: readonly DocumentReading[]): LeadGeneration {
  return { leadContacts: mergeContacts(readings.map((r) => r.signals.contacts)) };
}

export interface DocumentText {
  documentId: string;
  fileName: string;
  text: string;
  /** Lines rebuilt from positions (PDF text layer, OCR); plain-text lines of `text` when absent, as the readers use. */
  lines?: readonly TextLine[];
}

/** Every catalog course with the overlap computed over all the documents' text, best first. */
export function computeCourseOverlaps(
  catalog: readonly CatalogCourse[],
  documents: readonly DocumentText[],
  readings: readonly DocumentReading[],
): CourseOverlap[] {
  const texts = documents.map((d) => d.text);
  return matchCourses(catalog, texts, 0).map(({ course, overlap }) => {
    let best = 0;
    let originalCourse = readings[0]?.signals.title ?? '';
    let evidence: Evidence | undefined;
    for (const document of documents) {
      const own = topicOverlap(course.topics, document.text);
      if (own > best) {
        best = own;
        originalCourse = readings.find((r) => r.documentId === document.documentId)?.signals.title ?? document.fileName;
        evidence = findTopicEvidence(document.fileName, document.lines ?? linesOfText(document.text), course.topics);
      }
    }
    return {
      code: course.code,
      title: course.title,
      credits: course.credits,
      overlap: Math.round(overlap * 1000) / 1000,
      originalCourse,
      ...(evidence ? { evidence } : {}),
    };
  });
}

export function computeCoveredTopics(catalog: readonly CatalogCourse[], documents: readonly DocumentText[]): string[] {
  const texts = documents.map((d) => d.text);
  const topics = new Set(catalog.flatMap((c) => c.topics));
  return Array.from(topics)
    .filter((topic) => topicOverlap([topic], texts) === 1)
    .sort();
}

/** Transcript courses against the catalog, helped by the credential's syllabi and course descriptions. */
export function computeTranscriptMatches(
  catalog: readonly CatalogCourse[],
  documents: readonly DocumentText[],
  readings: readonly DocumentReading[],
): CourseMatchResult[] {
  const supporting = readings
    .filter((r) => r.signals.kind === 'syllabus' || r.signals.kind === 'course_description')
    .map((r) => ({
      code: r.signals.courseCode ?? null,
      title: r.signals.courseTitle ?? null,
      text: documents.find((d) => d.documentId === r.documentId)?.text ?? '',
    }));
  return readings.flatMap((r) =>
    r.signals.transcript ? matchTranscriptCourses(r.signals.transcript.courses, catalog, supporting) : [],
  );
}

/** Phases 2 to 6 in one go, for a caller that needs no stored records (the accuracy script). */
export function evaluateReadings(
  catalog: readonly CatalogCourse[],
  documents: readonly DocumentText[],
  readings: readonly DocumentReading[],
) {
  const combined = combineReadings(
    readings,
    computeCourseOverlaps(catalog, documents, readings),
    computeCoveredTopics(catalog, documents),
    computeTranscriptMatches(catalog, documents, readings),
  );
  const certificate = extractCertificate(readings);
  const rigor = assessRigor(combined, certificate, readings);
  const credits = calculateCredits(combined, rigor);
  return { combined, rigor, credits, certificate, leads: collectContacts(readings) };
}

/**
 * The transcripts (course rows, credit system) and the line behind each figure, for GET /evaluation: each detail and
 * contact, the hours, and each of the seven criteria (keyed by its name), met or not, where a line bears on it.
 */
export function evaluationDetails(
  readings: readonly DocumentReading[],
  combined?: CombinedAnalysis,
): { transcripts: TranscriptSummary[]; evidence: EvaluationEvidence } {
  const evidence: EvaluationEvidence = {};
  const ordered = byCertificateAuthority(readings);
  for (const reading of ordered) {
    for (const [key, value] of Object.entries(reading.signals.evidence ?? {})) {
      const field = key.startsWith('contact.')
        ? `leadContacts.${key.slice('contact.'.length)}`
        : key.startsWith('certificate.')
          ? `certificateDetails.${key.slice('certificate.'.length)}`
          : key;
      evidence[field] ??= value;
    }
  }
  // A combined figure is the largest of the documents' values: its line is the one of the document that gave it.
  const lineOf = (key: string, gave: (signals: DocumentSignals) => boolean): Evidence | undefined =>
    ordered.find((r) => gave(r.signals) && r.signals.evidence?.[key])?.signals.evidence?.[key];
  if (combined) {
    const hours = lineOf('contactHours', (s) => s.contactHours === combined.contactHours);
    const weeks = lineOf('modulesOrWeeks', (s) => s.modulesOrWeeks === combined.modulesOrWeeks);
    const objectives = lineOf('learningObjectives', (s) => s.learningObjectives === combined.learningObjectives);
    if (hours) evidence.contactHours = hours;
    if (weeks) evidence.modulesOrWeeks = weeks;
    if (objectives) evidence.learningObjectives = objectives;
  }
  const transcripts = readings.flatMap((r) => (r.signals.transcript ? [stripStatedTotal(r.signals.transcript)] : []));
  const firstRow = transcripts.flatMap((t) => t.courses)[0];
  if (transcripts.length > 0 && firstRow)
    evidence.contactHours = transcripts[0].evidence.creditSystem ?? firstRow.evidence;
  const topic =
    combined?.transcriptEquivalencies?.find((e) => e.evidence)?.evidence ?? combined?.courseOverlaps[0]?.evidence;
  if (topic) evidence.topicRelevance = topic;
  const criteria: Record<(typeof CRITERIA_KEYS)[number], Evidence | undefined> = {
    topicRelevance: evidence.topicRelevance,
    learningObjectives: evidence.learningObjectives,
    assessmentMethods: evidence.assessmentMethods,
    instructionHours: evidence.contactHours,
    curriculumStructure: evidence.modulesOrWeeks,
    credentialSourceClarity: evidence['certificateDetails.issuingOrganization'],
    completionEvidence: evidence.completionEvidence,
  };
  for (const key of CRITERIA_KEYS) {
    const line = criteria[key];
    if (line) evidence[key] = line;
  }
  return { transcripts, evidence };
}

function stripStatedTotal(reading: TranscriptSummary & { statedTotal?: number | null }): TranscriptSummary {
  const { statedTotal: _ignored, ...summary } = reading;
  return summary;
}
