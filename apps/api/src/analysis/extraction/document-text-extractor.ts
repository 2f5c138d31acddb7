import { Injectable } from '@nestjs/common';
import { detectFileKind, FileKind } from './file-kind';
import { ReaderSandbox, ReadFailedError } from './reader-sandbox';
import type { ReaderKind, ReadPage } from './readers';

export type ExtractionMethod = 'pdf-text' | 'docx' | 'doc' | 'ocr';

export interface ExtractedText {
  text: string;
  kind: FileKind;
  method: ExtractionMethod;
  /** Pages of a PDF; absent for other kinds. */
  pages?: number;
  /** What the reader found on each page of a PDF; absent for other kinds. */
  pageTexts?: ReadPage[];
}

/** A document the readers cannot open; the message is shown on the page as the failure reason. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

const READ_AS: Record<Exclude<FileKind, 'unknown'>, { reader: ReaderKind; method: ExtractionMethod }> = {
  pdf: { reader: 'pdf', method: 'pdf-text' },
  docx: { reader: 'docx', method: 'docx' },
  doc: { reader: 'doc', method: 'doc' },
  png: { reader: 'image', method: 'ocr' },
  jpg: { reader: 'image', method: 'ocr' },
};

/**
 * Turns a stored document into plain text by what its bytes are: PDF text layer, Word documents, or OCR of images.
 * The reading itself happens in the reader sandbox (another process), never on this process's event loop.
 */
@Injectable()
export class DocumentTextExtractor {
  constructor(private readonly sandbox: ReaderSandbox) {}

  async extract(bytes: Buffer, fileName: string): Promise<ExtractedText> {
    const kind = detectFileKind(bytes);
    if (kind === 'unknown') throw new UnreadableDocumentError(`${fileName} is not a PDF, DOC, DOCX, JPG or PNG file`);
    const { reader, method } = READ_AS[kind];
    try {
      const output = await this.sandbox.read(reader, bytes);
      return {
        kind,
        method,
        text: output.text,
        ...(output.pages ? { pages: output.pages.length, pageTexts: output.pages } : {}),
      };
    } catch (error) {
      if (error instanceof ReadFailedError) throw new UnreadableDocumentError(`Could not read ${fileName}: ${error.reason}`);
      throw error;
    }
  }
}
