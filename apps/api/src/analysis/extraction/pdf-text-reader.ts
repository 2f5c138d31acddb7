import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import type { PageItems } from '@app/domain';

export interface PdfReading {
  text: string;
  pages: number;
  /** Each page's text runs with their positions, for rebuilding table rows. */
  items?: PageItems[];
  /** Pages with no text layer, drawn as PNG for OCR (at most MAX_OCR_PAGES). */
  images?: { page: number; png: Uint8Array }[];
}

/**
 * Runs in a worker thread. unpdf's CommonJS entry loads its bundled pdf.js (an ES module) with a dynamic
 * import that jest's module system cannot follow, so the bundle is required directly (Node ≥ 22.12 can
 * require an ES module) and handed to unpdf.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const unpdf = require(workerData.unpdfPath);
const ready = unpdf.definePDFJSModule(() => Promise.resolve(require(path.join(path.dirname(workerData.unpdfPath), 'pdfjs.mjs'))));
parentPort.on('message', async ({ id, bytes }) => {
  let pdf;
  try {
    await ready;
    // pdf.js takes the buffer over; the copy is for drawing scanned pages, which needs a document opened with a canvas.
    const original = bytes.slice();
    pdf = await unpdf.getDocumentProxy(bytes, { verbosity: 0 });
    const result = await unpdf.extractText(pdf, { mergePages: false });
    const items = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      items.push({ page: n, items: content.items.filter((i) => 'str' in i && i.str.trim() !== '').map((i) => ({ str: i.str, x: i.transform[4], y: i.transform[5], width: i.width, height: i.height || Math.abs(i.transform[3]) })) });
    }
    // Pages without a text layer (scans) are drawn to PNG for OCR; a long scan only up to the OCR page limit.
    const images = [];
    for (const page of items) {
      if (page.items.length > 0 || images.length >= workerData.maxOcrPages) continue;
      const png = await unpdf.renderPageAsImage(original.slice(), page.page, { canvasImport: () => Promise.resolve(require(workerData.canvasPath)), scale: 2.5 });
      images.push({ page: page.page, png: new Uint8Array(png) });
    }
    parentPort.postMessage({ id, pages: result.totalPages, text: result.text, items, images });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  } finally {
    // pdf.js removed PDFDocumentProxy.destroy (mozilla/pdf.js#21245); the loading task owns the document.
    if (pdf) await pdf.loadingTask.destroy().catch(() => undefined);
  }
});`;

interface WorkerAnswer {
  id: number;
  pages?: number;
  text?: string[];
  items?: PageItems[];
  images?: { page: number; png: Uint8Array }[];
  error?: string;
}

interface Pending {
  resolve(value: PdfReading): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Scanned pages OCR'd per PDF: about a second or two each on one core, so a long scan cannot hold the worker for minutes. */
export const MAX_OCR_PAGES = 20;

/** A 20-page PDF takes well under a second; a read this long is a pdf.js hang, and the thread is replaced. */
export const PDF_READ_TIMEOUT_MS = 60_000;

/**
 * Reads a PDF's text layer with unpdf (pdf.js) in one long-lived worker thread, so parsing a long PDF
 * does not hold up the API's event loop. Pages are separated by a blank line. A read that does not finish within
 * the timeout terminates the thread (failing the reads queued on it, whose jobs are retried) and the next read
 * starts a fresh one, so one malformed file cannot leave a thread spinning for ever.
 */
@Injectable()
export class PdfTextReader implements OnModuleDestroy {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** How long one read may take; tests shorten it. */
  timeoutMs = PDF_READ_TIMEOUT_MS;

  read(bytes: Uint8Array): Promise<PdfReading> {
    const worker = this.getWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(worker, new Error(`the PDF could not be read within ${this.timeoutMs / 1000} seconds`));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, bytes: new Uint8Array(bytes) });
    });
  }

  private getWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { unpdfPath: require.resolve('unpdf'), canvasPath: require.resolve('@napi-rs/canvas'), maxOcrPages: MAX_OCR_PAGES } });
    worker.on('message', (answer: WorkerAnswer) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (this.pending.size === 0) worker.unref();
      if (answer.error !== undefined) pending.reject(new Error(answer.error));
      else pending.resolve({ text: (answer.text ?? []).join('\n\n'), pages: answer.pages ?? 0, items: answer.items, images: answer.images });
    });
    worker.on('error', (error) => this.failAll(worker, error));
    worker.on('exit', (code) => this.failAll(worker, new Error(`the PDF reader stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Fails every read waiting on this thread, and forgets it so that the next read starts a fresh one. */
  private failAll(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  private stop(worker: Worker, error: Error): void {
    this.failAll(worker, error);
    void worker.terminate();
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
