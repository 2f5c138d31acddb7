import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { dirname, join } from 'node:path';
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
    const run = this.queue.then(async () => {
      const worker = await this.getWorker();
      const result = await worker.recognize(image);
      return result.data.text;
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
