import type { TextItem } from '@app/domain';
import { imageSize } from 'image-size';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { readDocxText } from './docx-text';
import type { ReaderLimits } from './reader-limits';
import { loadWordExtractor } from './word-extractor';

/**
 * The document readers. They run only inside a reader process (reader-process.ts, started by ReaderSandbox), never
 * in the API's own process: each is a plain function from bytes to text, so a new reader (or more output, such as the
 * positions of text items) is added here and in READERS, and the sandbox needs no change.
 */

/** A word OCR read, with its box and how sure tesseract was of it (0–100). */
export type OcrWord = TextItem & { confidence: number };

/** What OCR found: the text and each word with its box (y from the top). */
export interface OcrReading {
  text: string;
  items: OcrWord[];
}

/** One page of a PDF: its text layer with positions, and, for a page without one (a scan), what OCR read. */
export interface ReadPage {
  page: number;
  text: string;
  items: TextItem[];
  ocr?: OcrReading;
}

/** What a reader returns; it crosses the process boundary by structured clone, so plain data only. */
export interface ReaderOutput {
  text: string;
  /** Per page, for PDFs; absent for the others. */
  pages?: ReadPage[];
  /** An image's words with their boxes; absent for the others. */
  words?: OcrWord[];
  /** A PDF's pages without a text layer that were past the OCR page limit, so were not read; absent when none. */
  ocrSkippedPages?: number[];
}

export type ReaderKind = 'pdf' | 'docx' | 'doc' | 'image';

/**
 * A document refused for a reason written for people (too many pages, too large when unpacked); shown as is.
 * Any other error of a reader is reported with the kind's general reason ("This image could not be read").
 */
export class DocumentRefusedError extends Error {
  override name = 'DocumentRefusedError';
}

export type Reader = (bytes: Uint8Array, limits: ReaderLimits) => Promise<ReaderOutput>;

const megabytes = (bytes: number): string => `${Math.ceil(bytes / (1024 * 1024))} MB`;
const count = (n: number): string => n.toLocaleString('en-US');

// --- PDF: unpdf (pdf.js) ---

type Unpdf = typeof import('unpdf');
let unpdf: Promise<Unpdf> | null = null;

/**
 * unpdf's CommonJS entry loads its bundled pdf.js (an ES module) with a dynamic import that the TypeScript sources'
 * loader cannot follow, so the bundle is required directly (Node ≥ 22.12 can require an ES module) and handed to it.
 */
function loadUnpdf(): Promise<Unpdf> {
  unpdf ??= (async () => {
    const path = require.resolve('unpdf');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(path) as Unpdf;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await module.definePDFJSModule(() => Promise.resolve(require(join(dirname(path), 'pdfjs.mjs'))));
    return module;
  })();
  return unpdf;
}

/**
 * Layout feature: a watermark ('SAMPLE', 'COPY') is text drawn across the page at an angle; text is written level or
 * turned a quarter (a vertical table label). Runs at any other angle are left out, so they never join a line.
 */
function isDiagonal(transform: readonly number[]): boolean {
  const [a = 1, b = 0] = transform;
  const degrees = Math.abs((Math.atan2(b, a) * 180) / Math.PI) % 90;
  return degrees > 2 && degrees < 88;
}

/** A text layer of at most this many words over an image is no reading of the page: the image holds the rest. */
const SPARSE_TEXT_LAYER_WORDS = 8;

/** Whether a page draws an image (pdf.js's paint-image operators); asked only of a page with a sparse text layer. */
async function paintsImage(pdf: Awaited<ReturnType<Unpdf['getDocumentProxy']>>, page: number): Promise<boolean> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OPS } = require(join(dirname(require.resolve('unpdf')), 'pdfjs.mjs')) as {
    OPS: Record<string, number>;
  };
  const painting = new Set(
    ['paintImageXObject', 'paintInlineImageXObject', 'paintImageXObjectRepeat'].map((name) => OPS[name]),
  );
  const { fnArray } = await (await pdf.getPage(page)).getOperatorList();
  return fnArray.some((op) => painting.has(op));
}

export const readPdf: Reader = async (bytes, limits) => {
  const { getDocumentProxy, extractText, renderPageAsImage } = await loadUnpdf();
  // pdf.js takes the buffer over; the copy is for drawing scanned pages, which needs a document opened with a canvas.
  const original = new Uint8Array(bytes).slice();
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    // The page count a PDF declares is read before any page: a page tree that references the same nodes over and
    // over declares millions of pages, and reading them all is what exhausts memory.
    if (pdf.numPages > limits.pdfMaxPages) {
      throw new DocumentRefusedError(
        `This PDF has too many pages (${count(pdf.numPages)}); at most ${count(limits.pdfMaxPages)} pages can be read.`,
      );
    }
    const { text } = await extractText(pdf, { mergePages: false });
    const pages: ReadPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      // Runs of spaces are kept (pdf.js gives them as items of their own): two or more spaces between words make a
      // column gap, which the lines rebuilt from these items must see.
      const items = content.items
        .filter(
          (i): i is Extract<typeof i, { str: string }> =>
            'str' in i && i.str !== '' && (i.str.trim() !== '' || i.width > 0),
        )
        .filter((i) => !isDiagonal(i.transform as number[]))
        .map((i) => ({
          str: i.str,
          x: i.transform[4] as number,
          y: i.transform[5] as number,
          width: i.width,
          height: i.height || Math.abs(i.transform[3] as number),
        }));
      pages.push({ page: n, text: text[n - 1] ?? '', items });
    }
    // Pages without a text layer (scans) are drawn to PNG and OCR'd; a long scan only up to the OCR page limit, and
    // the pages past it are reported, so the applicant is told they were not read. Layout feature: a page whose text
    // layer holds a few words only (a certificate's name typed over a picture of the rest) is read by OCR as well.
    let drawn = 0;
    const skipped: number[] = [];
    for (const page of pages) {
      const words = page.items.flatMap((i) => i.str.split(/\s+/)).filter((w) => /\p{L}{2}/u.test(w)).length;
      if (words > SPARSE_TEXT_LAYER_WORDS || (words > 0 && !(await paintsImage(pdf, page.page)))) continue;
      // Past the limit a page with some text keeps its text layer; only a page with none goes unread.
      if (words > 0 && drawn >= limits.pdfMaxOcrPages) continue;
      if (drawn >= limits.pdfMaxOcrPages) {
        skipped.push(page.page);
        continue;
      }
      drawn++;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const canvasImport = () => Promise.resolve(require('@napi-rs/canvas'));
      const png = await renderPageAsImage(original.slice(), page.page, { canvasImport, scale: 2.5 });
      page.ocr = await recognizeWords(new Uint8Array(png));
    }
    return { text: text.join('\n\n'), pages, ...(skipped.length > 0 ? { ocrSkippedPages: skipped } : {}) };
  } finally {
    // pdf.js removed PDFDocumentProxy.destroy (mozilla/pdf.js#21245); the loading task owns the document.
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
};

// --- DOCX: mammoth, after the zip's central directory is checked ---

/** Entry count and declared uncompressed size, from the central directory alone (no entry is inflated). */
function zipDirectory(bytes: Uint8Array, limits: ReaderLimits): Promise<{ entries: number; uncompressed: number }> {
  return new Promise((resolve, reject) => {
    fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true },
      (error, zip?: ZipFile) => {
        if (error || !zip) return reject(error ?? new Error('not a zip file'));
        if (zip.entryCount > limits.docxMaxEntries) {
          zip.close();
          return reject(
            new DocumentRefusedError(
              `This document has too many parts (${count(zip.entryCount)}); at most ${count(limits.docxMaxEntries)} can be read.`,
            ),
          );
        }
        let uncompressed = 0;
        zip.on('entry', (entry: Entry) => {
          uncompressed += entry.uncompressedSize;
          if (uncompressed > limits.docxMaxUncompressedBytes) {
            zip.close();
            reject(
              new DocumentRefusedError(
                `This document is too large once unpacked (more than ${megabytes(limits.docxMaxUncompressedBytes)}); it cannot be read.`,
              ),
            );
            return;
          }
          zip.readEntry();
        });
        zip.on('end', () => resolve({ entries: zip.entryCount, uncompressed }));
        zip.on('error', reject);
        zip.readEntry();
      },
    );
  });
}

export const readDocx: Reader = async (bytes, limits) => {
  // A zip's entries may declare less than they inflate to; the reader process's memory cap and time limit stop those.
  await zipDirectory(bytes, limits);
  return { text: await readDocxText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
};

// --- DOC: word-extractor (OLE2 is not compressed, so its size is the upload's) ---

export const readDoc: Reader = async (bytes) => {
  const WordExtractor = loadWordExtractor();
  const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const text = [
    document.getHeaders({ includeFooters: false }),
    document.getBody(),
    document.getFootnotes(),
    document.getFooters(),
  ]
    .filter((part) => part.trim() !== '')
    .join('\n');
  return { text };
};

// --- JPG and PNG: tesseract.js OCR ---

type TesseractWorker = import('tesseract.js').Worker;
let ocrWorker: Promise<TesseractWorker> | null = null;

/** One tesseract worker a reader process, created on first use (it costs a second or two) and reused. */
function getOcrWorker(): Promise<TesseractWorker> {
  ocrWorker ??= (async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createWorker, OEM } = require('tesseract.js') as typeof import('tesseract.js');
    // The English model of @tesseract.js-data/eng, read from disk so OCR never needs the network.
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    // cacheMethod 'none': never write a cached copy of the model into the working directory.
    return createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  })();
  ocrWorker.catch(() => (ocrWorker = null));
  return ocrWorker;
}

/** The text and each word with its box (y from the top), so table rows can be rebuilt from positions. */
async function recognizeWords(image: Uint8Array, scale = 1): Promise<OcrReading> {
  const worker = await getOcrWorker();
  const result = await worker.recognize(
    Buffer.from(image.buffer, image.byteOffset, image.byteLength),
    {},
    { text: true, blocks: true },
  );
  const items: OcrWord[] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const { x0, y0, x1, y1 } = word.bbox;
          // Boxes are in the drawn image's pixels; an enlarged image's are scaled back to the original's.
          items.push({
            str: word.text,
            x: x0 / scale,
            y: (y0 + y1) / 2 / scale,
            width: (x1 - x0) / scale,
            height: (y1 - y0) / scale,
            confidence: word.confidence,
          });
        }
      }
    }
  }
  return { text: result.data.text, items };
}

const DAMAGED_IMAGE = 'This image could not be read; the file is damaged or incomplete.';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isPng(buffer: Buffer): boolean {
  return buffer.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Whether a PNG's IDAT chunks, joined, are one zlib stream that inflates (the PNG format's image data). */
function pngDataInflates(buffer: Buffer): boolean {
  const parts: Buffer[] = [];
  for (let at = 8; at + 12 <= buffer.length;) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') parts.push(buffer.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  try {
    inflateSync(Buffer.concat(parts));
    return parts.length > 0;
  } catch {
    return false;
  }
}

/** Tesseract reads text best at 20 px or more a line; an image smaller than this on its longer side is enlarged. */
const SMALL_IMAGE_SIDE = 1200;

/**
 * A small image (a screenshot, a web certificate) enlarged by a whole factor so its longer side passes
 * SMALL_IMAGE_SIDE: tesseract misreads small glyphs (a slashed zero as an 8) that it reads right twice the size.
 */
async function enlargedForOcr(
  bytes: Uint8Array,
  width: number,
  height: number,
): Promise<{ image: Uint8Array; scale: number }> {
  const longer = Math.max(width, height);
  if (longer >= SMALL_IMAGE_SIDE) return { image: bytes, scale: 1 };
  const scale = Math.ceil(SMALL_IMAGE_SIDE / longer);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createCanvas, loadImage } = require('@napi-rs/canvas') as typeof import('@napi-rs/canvas');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Skia draws a PNG whose image data does not inflate as a blank picture, which would read as "no readable text";
  // tesseract's own decoder refused it. The file is damaged, and says so.
  if (isPng(buffer) && !pngDataInflates(buffer)) throw new DocumentRefusedError(DAMAGED_IMAGE);
  const image = await loadImage(buffer).catch(() => {
    throw new DocumentRefusedError(DAMAGED_IMAGE);
  });
  const canvas = createCanvas(width * scale, height * scale);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width * scale, height * scale);
  return { image: new Uint8Array(canvas.toBuffer('image/png')), scale };
}

export const readImage: Reader = async (bytes, limits) => {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new DocumentRefusedError(DAMAGED_IMAGE);
  }
  const pixels = size.width * size.height;
  if (!(pixels > 0)) throw new DocumentRefusedError(DAMAGED_IMAGE);
  if (pixels > limits.imageMaxPixels) {
    throw new DocumentRefusedError(
      `This image is too large to read (${count(size.width)} × ${count(size.height)} pixels; at most ${count(Math.round(limits.imageMaxPixels / 1e6))} million pixels).`,
    );
  }
  const enlarged = await enlargedForOcr(bytes, size.width, size.height);
  const { text, items } = await recognizeWords(enlarged.image, enlarged.scale);
  return { text, words: items };
};

export const READERS: Record<ReaderKind, Reader> = { pdf: readPdf, docx: readDocx, doc: readDoc, image: readImage };

/** Frees what a reader process holds (the OCR worker) before it exits. */
export async function closeReaders(): Promise<void> {
  const worker = ocrWorker;
  ocrWorker = null;
  if (worker) await (await worker.catch(() => null))?.terminate();
}
