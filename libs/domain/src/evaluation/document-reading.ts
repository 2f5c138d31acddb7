import type {
  CertificateDetails,
  DocumentKind,
  DocumentNotice,
  DocumentType,
  Evidence,
  LeadContact,
} from '@app/contracts';
import type { AssessmentMethod } from '../reading/assessment-methods';
import type { TextLine } from '../reading/positioned-lines';
import type { TranscriptReading } from '../reading/transcript-reader';

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
  /** What no line of the document states, by field, in words ('no line in the documents states contact hours'). */
  missing?: Record<string, string>;
}

/** Which analyzer read a document's signals. */
export type AnalyzerName = 'local' | 'openai';

/** How a document's text was read. */
/** 'signed-credential': the JSON download of a certificate or report of ours, read by its signature, not its page. */
export type ExtractionMethod = 'pdf-text' | 'docx' | 'doc' | 'ocr' | 'signed-credential';

/** Phase 1's result for one document: how it was read and what it says. */
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
  /** The documents that could be read. */
  documents: DocumentReading[];
  /** Documents left out (unreadable) or read in part, with their reasons; absent in records stored before notices. */
  notices?: DocumentNotice[];
}

/** One document's text, as the later phases match it against the catalog. */
export interface DocumentText {
  documentId: string;
  fileName: string;
  text: string;
  /** Lines rebuilt from positions (PDF text layer, OCR); plain-text lines of `text` when absent, as the readers use. */
  lines?: readonly TextLine[];
}
