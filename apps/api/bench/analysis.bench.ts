import 'reflect-metadata';
import type { DocumentType } from '@app/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { certificatePng, longSyllabusPdf, syllabusDoc, transcriptDocx } from '../test/fixtures';
import {
  createCredentialWithDocuments,
  waitForAnalysis,
  type FixtureDocument,
} from '../test/fixtures/analysis-helpers';
import { startTestApi, type TestApi } from '../test/support/test-app';
import { scannedPdf } from '../test/corpus/layout';
import { FIVE_PAGE_TRANSCRIPT } from '../test/corpus/transcripts';
import { LocalDocumentAnalyzer } from '../src/analysis/analyzers/local-document-analyzer';
import { DocumentTextExtractor } from '../src/analysis/extraction/document-text-extractor';

/**
 * The last part of `npm run bench`: a five-page scan end to end and how long the local analysis takes per document
 * type (documents per minute under load are measured by bench.ts against the API's own process).
 * Prints figures only. Needs the PostgreSQL server of this machine (or starts an embedded one) and chromium
 * (to draw the certificate image). `npm run bench -- --scan` times only a five-page scanned transcript.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const api = await startTestApi({ DATA_DIR: dataDir });
  try {
    await fivePageScan(api);
    if (process.argv.includes('--scan')) return;
    const documents: (FixtureDocument & { label: string })[] = [
      {
        label: 'PDF, 20 pages (text layer)',
        fileName: 'syllabus-20-pages.pdf',
        documentType: 'syllabus',
        fileType: 'application/pdf',
        bytes: await longSyllabusPdf(20),
      },
      {
        label: 'DOCX (mammoth)',
        fileName: 'transcript.docx',
        documentType: 'transcript' as DocumentType,
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: await transcriptDocx(),
      },
      {
        label: 'PNG 1000x700 (OCR)',
        fileName: 'certificate.png',
        documentType: 'certificate',
        fileType: 'image/png',
        bytes: await certificatePng(),
      },
      {
        label: 'DOC (word-extractor)',
        fileName: 'syllabus.doc',
        documentType: 'syllabus',
        fileType: 'application/msword',
        bytes: syllabusDoc(),
      },
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
      console.log(
        `  ${document.label.padEnd(28)} first ${times[0].toFixed(0)} ms, then ${Math.min(...times.slice(1)).toFixed(0)} ms`,
      );
    }
  } finally {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Health requests every 100 ms while `work` runs: how long the API took to answer. */
async function healthWhile<T>(api: TestApi, work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const start = performance.now();
      await api.http.get('/api/health').expect(200);
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work;
  polling = false;
  await poll;
  return { result, latencies: latencies.sort((a, b) => a - b) };
}

/** A five-page scanned transcript (image-only PDF) from the analysis start to the evaluation, as an applicant waits for it. */
async function fivePageScan(api: TestApi): Promise<void> {
  const bytes = await scannedPdf(FIVE_PAGE_TRANSCRIPT);
  const id = await createCredentialWithDocuments(api, 'Five-page scan', [
    { fileName: 'scan0003.pdf', documentType: 'transcript', fileType: 'application/pdf', bytes },
  ]);
  const start = performance.now();
  await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
  const { result, latencies } = await healthWhile(api, waitForAnalysis(api, id, 600_000));
  const seconds = (performance.now() - start) / 1000;
  const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner())).body as {
    totalCredits?: number;
    transcripts?: { courses: unknown[] }[];
  };
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0);
  console.log(
    `Five-page scanned transcript (${(bytes.length / 1024).toFixed(0)} KB): ${result.status} in ${seconds.toFixed(1)} s, ${evaluation.transcripts?.[0]?.courses.length ?? 0} course rows, ${evaluation.totalCredits ?? 0} quarter credits`,
  );
  console.log(
    `  /api/health meanwhile: ${latencies.length} requests, median ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
