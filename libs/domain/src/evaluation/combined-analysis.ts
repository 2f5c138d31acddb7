import type { CourseEquivalency, Evidence } from '@app/contracts';
import { contactHoursFromQuarterCredits } from '../credits';
import { ASSESSMENT_METHODS, type AssessmentMethod } from '../reading/assessment-methods';
import { matchTranscriptCourses, transcriptEquivalencies, type CourseMatchResult } from '../reading/course-equivalency';
import { findTopicEvidence } from '../reading/evidence';
import { linesOfText } from '../reading/positioned-lines';
import { matchCourses, topicOverlap, type CatalogCourse } from '../topic-overlap';
import type { DocumentReading, DocumentText } from './document-reading';

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

/** Phase 2's result: the credential's documents read as one. */
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

/** The catalog topics every one of whose significant words the documents hold, alphabetically. */
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
