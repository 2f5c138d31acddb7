import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { dirname, join } from 'node:path';
import type { TextItem } from '@app/domain';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/** Where @tesseract.js-data/eng keeps the packed English model; read from disk so OCR never needs the network. */
function englishModelFolder(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * OCR for JPG and PNG documents. One tesseract worker a process, created on first use (it costs a second
 * or two and memory) and reused; recognitions are serialised because one worker reads one image at a time.
 */
@Injectable()
export class OcrService implements OnModuleDestroy {
  private readonly logger = new Logger(OcrService.name);
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  async recognize(image: Buffer): Promise<string> {
    return (await this.recognizeWords(image)).text;
  }

  /** The text and each word with its box (y from the top), so table rows can be rebuilt from positions. */
  async recognizeWords(image: Buffer | Uint8Array): Promise<{ text: string; items: TextItem[] }> {
    const run = this.queue.then(async () => {
      const worker = await this.getWorker();
      const result = await worker.recognize(Buffer.from(image), {}, { text: true, blocks: true });
      const items: TextItem[] = [];
      for (const block of result.data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            for (const word of line.words) {
              const { x0, y0, x1, y1 } = word.bbox;
              items.push({ str: word.text, x: x0, y: (y0 + y1) / 2, width: x1 - x0, height: y1 - y0 });
            }
          }
        }
      }
      return { text: result.data.text, items };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private getWorker(): Promise<Worker> {
    if (!this.worker) {
      this.worker = this.createWorker().catch((error: unknown) => {
        this.worker = null;
        throw error;
      });
    }
    return this.worker;
  }

  private async createWorker(): Promise<Worker> {
    this.logger.log('Starting the OCR worker (offline English model)');
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishModelFolder(),
      gzip: true,
      // Never write a cached copy of the model into the working directory.
      cacheMethod: 'none',
    });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker.catch(() => null))?.terminate();
  }
}
