import { Injectable } from '@nestjs/common';
import { linesOfPages, type TextLine } from '@app/domain';
import mammoth from 'mammoth';
import { detectFileKind, FileKind } from './file-kind';
import { OcrService } from './ocr.service';
import { PdfTextReader } from './pdf-text-reader';
import { loadWordExtractor } from './word-extractor';

export type ExtractionMethod = 'pdf-text' | 'docx' | 'doc' | 'ocr';

export interface ExtractedText {
  text: string;
  kind: FileKind;
  method: ExtractionMethod;
  /** Pages of a PDF; absent for other kinds. */
  pages?: number;
  /** Lines rebuilt from the words' positions (a PDF's text layer), for readers of tables; absent for plain text. */
  lines?: TextLine[];
}

/** A document the readers cannot open; the message is shown on the page as the failure reason. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

/** Turns a stored document into plain text by what its bytes are: PDF text layer, Word documents, or OCR of images. */
@Injectable()
export class DocumentTextExtractor {
  constructor(
    private readonly pdf: PdfTextReader,
    private readonly ocr: OcrService,
  ) {}

  async extract(bytes: Buffer, fileName: string): Promise<ExtractedText> {
    const kind = detectFileKind(bytes);
    try {
      switch (kind) {
        case 'pdf':
          return { kind, method: 'pdf-text', ...(await this.readPdf(bytes)) };
        case 'docx':
          return { kind, method: 'docx', text: await this.readDocx(bytes) };
        case 'doc':
          return { kind, method: 'doc', text: await this.readDoc(bytes) };
        case 'png':
        case 'jpg':
          return { kind, method: 'ocr', text: await this.ocr.recognize(bytes) };
        case 'unknown':
          throw new UnreadableDocumentError(`${fileName} is not a PDF, DOC, DOCX, JPG or PNG file`);
      }
    } catch (error) {
      if (error instanceof UnreadableDocumentError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnreadableDocumentError(`Could not read ${fileName}: ${reason}`);
    }
  }

  private async readPdf(bytes: Buffer): Promise<{ text: string; pages: number; lines?: TextLine[] }> {
    const { text, pages, items } = await this.pdf.read(bytes);
    return items ? { text, pages, lines: linesOfPages(items) } : { text, pages };
  }

  private async readDocx(bytes: Buffer): Promise<string> {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return result.value;
  }

  private async readDoc(bytes: Buffer): Promise<string> {
    const WordExtractor = loadWordExtractor();
    const document = await new WordExtractor().extract(bytes);
    return [document.getHeaders({ includeFooters: false }), document.getBody(), document.getFootnotes(), document.getFooters()]
      .filter((part) => part.trim() !== '')
      .join('\n');
  }
}
