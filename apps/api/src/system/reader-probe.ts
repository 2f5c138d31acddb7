import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadWordExtractor } from '../analysis/extraction/word-extractor';

export interface ReaderAvailability {
  pdf: boolean;
  docx: boolean;
  doc: boolean;
  ocr: boolean;
  ocrLanguageData: boolean;
}

type LoadedModule = Record<string, unknown>;

/** A real import of the library, as the document readers do; a missing or broken package is false, not a crash. */
async function load(name: string): Promise<LoadedModule | null> {
  try {
    return (await import(name)) as LoadedModule;
  } catch {
    return null;
  }
}

function exported(module: LoadedModule | null, name: string): unknown {
  if (!module) return undefined;
  if (name in module) return module[name];
  const fallback = module.default as LoadedModule | undefined;
  return fallback && typeof fallback === 'object' ? fallback[name] : undefined;
}

// pdf.js ships as an ES module that unpdf's CommonJS entry loads with a dynamic import; a worker thread (plain
// Node, as the PDF reader itself uses) loads it the same way whatever runtime hosts the API.
const PDF_PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
try {
  const unpdf = require(workerData.unpdfPath);
  const pdfjs = require(path.join(path.dirname(workerData.unpdfPath), 'pdfjs.mjs'));
  parentPort.postMessage(typeof unpdf.extractText === 'function' && typeof pdfjs.getDocument === 'function');
} catch {
  parentPort.postMessage(false);
}
`;

function pdfReaderLoads(): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(PDF_PROBE_SOURCE, { eval: true, workerData: { unpdfPath: require.resolve('unpdf') } });
    worker.once('message', (loaded: unknown) => {
      resolve(loaded === true);
      void worker.terminate();
    });
    worker.once('error', () => resolve(false));
    worker.once('exit', () => resolve(false));
  });
}

async function docxReaderLoads(): Promise<boolean> {
  return typeof exported(await load('mammoth'), 'extractRawText') === 'function';
}

/** Through the same loader as the DOC reader (it completes word-extractor's character table before loading it). */
function docReaderLoads(): boolean {
  const WordExtractor = loadWordExtractor() as unknown;
  if (typeof WordExtractor !== 'function') return false;
  const instance = new (WordExtractor as new () => { extract?: unknown })();
  return typeof instance.extract === 'function';
}

/** tesseract.js and the WebAssembly core it runs in a worker; starting a worker costs seconds, so it is not started. */
async function ocrReaderLoads(): Promise<boolean> {
  if (typeof exported(await load('tesseract.js'), 'createWorker') !== 'function') return false;
  const core = join(dirname(require.resolve('tesseract.js-core/package.json')), 'tesseract-core-lstm.wasm');
  return existsSync(core);
}

/** The English model shipped by @tesseract.js-data/eng, read from disk so OCR never needs the network. */
function ocrLanguageDataPresent(): boolean {
  const model = join(
    dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
    'eng.traineddata.gz',
  );
  return existsSync(model) && statSync(model).size > 1_000_000;
}

async function safely(check: () => boolean | Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

let loaded: ReaderAvailability | null = null;

/** Which text readers load here. A full success is kept (installed packages do not change while running). */
export async function probeReaders(): Promise<ReaderAvailability> {
  if (loaded) return loaded;
  const [pdf, docx, doc, ocr, ocrLanguageData] = await Promise.all([
    safely(pdfReaderLoads),
    safely(docxReaderLoads),
    safely(docReaderLoads),
    safely(ocrReaderLoads),
    safely(ocrLanguageDataPresent),
  ]);
  const result = { pdf, docx, doc, ocr, ocrLanguageData };
  if (Object.values(result).every(Boolean)) loaded = result;
  return result;
}
