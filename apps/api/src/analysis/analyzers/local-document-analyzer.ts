import { Injectable } from '@nestjs/common';
import { type DocumentSignals, readDocumentSignals } from '@app/domain';
import type { DocumentAnalysis, DocumentAnalyzer, DocumentInput } from './document-analyzer';

/** The deterministic default: the domain's text readers, so the same document always gives the same result. */
@Injectable()
export class LocalDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'local' as const;

  read(input: DocumentInput): DocumentSignals {
    return readDocumentSignals(input);
  }

  async analyze(input: DocumentInput): Promise<DocumentAnalysis> {
    return { signals: this.read(input), analyzer: 'local' };
  }
}
