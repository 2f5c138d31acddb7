import type { CertificateDetails, DocumentKind, DocumentType, Evidence, LeadContact } from '@app/contracts';
import type { AssessmentMethod, TextLine, TranscriptReading } from '@app/domain';

/** One document's text and what the uploader said it is. */
export interface DocumentInput {
  fileName: string;
  documentType: DocumentType;
  text: string;
  /** Lines rebuilt from the text's positions (PDF text layer); absent for readers that give plain text. */
  lines?: readonly TextLine[];
}

/** What one document says, in the terms the seven criteria and the evaluation need. */
export interface DocumentSignals {
  /** The course or credential the document is about, as the document names it. */
  title: string;
  contactHours: number | null;
  learningObjectives: number;
  modulesOrWeeks: number | null;
  assessmentMethods: AssessmentMethod[];
  /** Subjects the analyzer read in the document (the local analyzer reports the catalog topics instead, in phase 2). */
  topics: string[];
  certificate: CertificateDetails;
  contacts: LeadContact[];
  completionEvidence: boolean;
  /** The kind read from the content (the uploader's type only when the content says nothing). */
  kind?: DocumentKind;
  /** A syllabus's or course description's own course. */
  courseCode?: string | null;
  courseTitle?: string | null;
  transcript?: TranscriptReading | null;
  /** Where each value was read, by field. */
  evidence?: Record<string, Evidence>;
}

export type AnalyzerName = 'local' | 'openai';

export interface DocumentAnalysis {
  signals: DocumentSignals;
  analyzer: AnalyzerName;
  /** Why the OpenAI analyzer was not used for this document, when it fell back to the local one. */
  fallbackReason?: string;
}

/** Reads the signals from one document's text. Two implementations: local (default) and OpenAI. */
export interface DocumentAnalyzer {
  readonly name: AnalyzerName;
  analyze(input: DocumentInput): Promise<DocumentAnalysis>;
}

export const DOCUMENT_ANALYZER = Symbol('DOCUMENT_ANALYZER');
