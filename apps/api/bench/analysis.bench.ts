import 'reflect-metadata';
import type { DocumentType } from '@app/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { certificatePng, longSyllabusPdf, syllabusDoc, transcriptDocx } from '../test/fixtures';
import type { FixtureDocument } from '../test/fixtures/analysis-helpers';
import { startTestApi } from '../test/support/test-app';
import { LocalDocumentAnalyzer } from '../src/analysis/analyzers/local-document-analyzer';
import { DocumentTextExtractor } from '../src/analysis/extraction/document-text-extractor';

/**
 * The last part of `npm run bench`: how long the local analysis takes per document type (the throughput under load
 * is measured by bench.ts against the API's own process).
 * Prints figures only. Needs the PostgreSQL server of this machine (or starts an embedded one) and chromium
 * (to draw the certificate image).
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const api = await startTestApi({ DATA_DIR: dataDir });
  try {
    const documents: (FixtureDocument & { label: string })[] = [
      { label: 'PDF, 20 pages (text layer)', fileName: 'syllabus-20-pages.pdf', documentType: 'syllabus', fileType: 'application/pdf', bytes: await longSyllabusPdf(20) },
      {
        label: 'DOCX (mammoth)',
        fileName: 'transcript.docx',
        documentType: 'transcript' as DocumentType,
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: await transcriptDocx(),
      },
      { label: 'PNG 1000x700 (OCR)', fileName: 'certificate.png', documentType: 'certificate', fileType: 'image/png', bytes: await certificatePng() },
      { label: 'DOC (word-extractor)', fileName: 'syllabus.doc', documentType: 'syllabus', fileType: 'application/msword', bytes: syllabusDoc() },
    ];
    const extractor = api.app.get(DocumentTextExtractor);
    const analyzer = api.app.get(LocalDocumentAnalyzer);
    console.log('Local analysis time per document (text extraction + local analyzer; first run includes warm-up):');
    for (const document of documents) {
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        const { text } = await extractor.extract(document.bytes, document.fileName);
        analyzer.read({ fileName: document.fileName, documentType: document.documentType, text });
        times.push(performance.now() - start);
      }
      console.log(`  ${document.label.padEnd(28)} first ${times[0].toFixed(0)} ms, then ${Math.min(...times.slice(1)).toFixed(0)} ms`);
    }

  } finally {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
