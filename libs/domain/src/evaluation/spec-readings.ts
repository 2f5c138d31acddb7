import type { DocumentType, Evidence, TranscriptCourse } from '@app/contracts';
import type { TranscriptReading } from '../reading/transcript-reader';
import type { CombinedAnalysis } from './combined-analysis';
import type { DocumentReading, DocumentSignals } from './document-reading';

/** Small hand-made readings for the specs of this folder (not exported from the library). */

export const NO_CERTIFICATE = {
  recipientName: null,
  issuingOrganization: null,
  certificateAuthor: null,
  completionDate: null,
};

/** A document read as `documentId.pdf`, titled '<documentId> title', saying nothing but the signals given. */
export function reading(
  documentId: string,
  documentType: DocumentType,
  signals: Partial<DocumentSignals>,
): DocumentReading {
  return {
    documentId,
    fileName: `${documentId}.pdf`,
    documentType,
    characters: 100,
    method: 'pdf-text',
    analyzer: 'local',
    signals: {
      title: `${documentId} title`,
      contactHours: null,
      learningObjectives: 0,
      modulesOrWeeks: null,
      assessmentMethods: [],
      topics: [],
      certificate: NO_CERTIFICATE,
      contacts: [],
      completionEvidence: false,
      ...signals,
    },
  };
}

export const line = (document: string, n: number, quote: string): Evidence => ({ document, page: 1, line: n, quote });

/** An earned transcript row worth `quarterCredits`, quoted on line 5 of transcript.pdf. */
export function row(code: string | null, title: string, quarterCredits: number): TranscriptCourse {
  return {
    term: 'Fall 2023',
    code,
    title,
    credits: quarterCredits,
    grade: 'A',
    quarterCredits,
    evidence: line('transcript.pdf', 5, `${code ?? ''} ${title}`.trim()),
  };
}

export function transcript(
  courses: TranscriptCourse[],
  quarterCredits: number,
  evidence: TranscriptReading['evidence'] = {},
): TranscriptReading {
  return {
    institution: 'Lakeside University',
    student: 'Ana Ruiz',
    program: null,
    awardDate: null,
    creditSystem: 'quarter',
    creditRule: '1 quarter credit = 1 quarter credit',
    courses,
    quarterCredits,
    evidence,
    statedTotal: null,
  };
}

/** A combination of readings that found nothing but the values given (the phases after it read only these fields). */
export function combined(values: Partial<CombinedAnalysis>): CombinedAnalysis {
  return {
    documentCount: 1,
    contactHours: null,
    learningObjectives: 0,
    modulesOrWeeks: null,
    assessmentMethods: [],
    topics: [],
    courseOverlaps: [],
    transcriptCredits: null,
    transcriptEquivalencies: [],
    transcriptOverlap: 0,
    ...values,
  };
}
