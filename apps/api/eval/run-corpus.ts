import type { DocumentType } from '@app/contracts';
import { evaluateReadings, type DocumentReading } from '@app/domain';
import type { DocumentAnalyzer } from '../src/analysis/analyzers/document-analyzer';
import { LocalDocumentAnalyzer } from '../src/analysis/analyzers/local-document-analyzer';
import { DocumentTextExtractor } from '../src/analysis/extraction/document-text-extractor';
import { ReaderSandbox } from '../src/analysis/extraction/reader-sandbox';
import { CATALOG_COURSES } from '../src/catalog/catalog.seeder';
import type { CorpusDocument } from '../test/corpus/documents';
import type { Outcome } from './score';

/**
 * Reads corpus documents the way the worker does (the real extractor: unpdf, mammoth, word-extractor, tesseract.js)
 * and evaluates each as a credential of its own, against the seeded catalog, without a database.
 */
export class CorpusRunner {
  private readonly sandbox = new ReaderSandbox();
  private readonly extractor = new DocumentTextExtractor(this.sandbox);

  /** The local readers unless another analyzer (the OpenAI one, checked against the text) is given. */
  constructor(private readonly analyzer: DocumentAnalyzer = new LocalDocumentAnalyzer()) {}

  async run(document: CorpusDocument): Promise<Outcome & { milliseconds: number }> {
    const bytes = Buffer.from(await document.make());
    return this.runBytes(bytes, {
      name: document.name,
      fileName: document.fileName,
      documentType: document.documentType as DocumentType,
    });
  }

  /** One file's bytes, read and evaluated as a credential holding only that document. */
  async runBytes(
    bytes: Buffer,
    document: { name: string; fileName: string; documentType: DocumentType },
  ): Promise<Outcome & { milliseconds: number }> {
    const started = performance.now();
    const extracted = await this.extractor.extract(bytes, document.fileName);
    const analysis = await this.analyzer.analyze({
      fileName: document.fileName,
      documentType: document.documentType,
      text: extracted.text,
      lines: extracted.lines,
      uncertainWords: extracted.uncertainWords,
    });
    const reading: DocumentReading = {
      documentId: document.name,
      fileName: document.fileName,
      documentType: analysis.signals.kind ?? document.documentType,
      characters: extracted.text.trim().length,
      ...(extracted.pages !== undefined ? { pages: extracted.pages } : {}),
      method: extracted.method,
      analyzer: analysis.analyzer,
      ...(analysis.fallbackReason ? { fallbackReason: analysis.fallbackReason } : {}),
      signals: analysis.signals,
    };
    const catalog = CATALOG_COURSES.map((c) => ({
      code: c.code,
      title: c.title,
      topics: [...c.topics],
      hours: c.contactHours,
      credits: c.credits,
    }));
    const result = evaluateReadings(
      catalog,
      [{ documentId: document.name, fileName: document.fileName, text: extracted.text, lines: extracted.lines }],
      [reading],
    );
    return { reading, result, milliseconds: performance.now() - started };
  }

  async close(): Promise<void> {
    await this.sandbox.onModuleDestroy();
  }
}
