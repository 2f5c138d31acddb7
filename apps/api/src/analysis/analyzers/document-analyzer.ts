import type { AnalyzerName, DocumentInput, DocumentSignals } from '@app/domain';

/** One document's text and what the uploader said it is (the domain's type, read by both analyzers). */
export type { DocumentInput };

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
