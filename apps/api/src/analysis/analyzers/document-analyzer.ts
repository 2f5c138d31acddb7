import type { DocumentType } from '@app/contracts';
import type { AnalyzerName, DocumentSignals, TextLine, UncertainWord } from '@app/domain';

/** One document's text and what the uploader said it is. */
export interface DocumentInput {
  fileName: string;
  documentType: DocumentType;
  text: string;
  /** Lines rebuilt from the text's positions (PDF text layer); absent for readers that give plain text. */
  lines?: readonly TextLine[];
  /** Words OCR read with low confidence; a value made of them is marked for review. */
  uncertainWords?: readonly UncertainWord[];
}

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
