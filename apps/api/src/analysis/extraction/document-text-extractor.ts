import { Injectable } from '@nestjs/common';
import { linesOfPage, linesOfPages, type TextLine } from '@app/domain';
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
        case 'pdf': {
          const pdf = await this.readPdf(bytes);
          return { kind, method: pdf.scanned ? 'ocr' : 'pdf-text', text: pdf.text, pages: pdf.pages, ...(pdf.lines ? { lines: pdf.lines } : {}) };
        }
        case 'docx':
          return { kind, method: 'docx', text: await this.readDocx(bytes) };
        case 'doc':
          return { kind, method: 'doc', text: await this.readDoc(bytes) };
        case 'png':
        case 'jpg': {
          const { text, items } = await this.ocr.recognizeWords(bytes);
          return { kind, method: 'ocr', text, lines: linesOfPage({ page: 1, items, yDown: true }) };
        }
        case 'unknown':
          throw new UnreadableDocumentError(`${fileName} is not a PDF, DOC, DOCX, JPG or PNG file`);
      }
    } catch (error) {
      if (error instanceof UnreadableDocumentError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnreadableDocumentError(`Could not read ${fileName}: ${reason}`);
    }
  }

  /** The text layer; pages without one (a scan) are OCR'd from the images the PDF reader drew of them. */
  private async readPdf(bytes: Buffer): Promise<{ text: string; pages: number; lines?: TextLine[]; scanned: boolean }> {
    const { text, pages, items, images } = await this.pdf.read(bytes);
    if (!items) return { text, pages, scanned: false };
    if (!images || images.length === 0) return { text, pages, lines: linesOfPages(items), scanned: false };
    const texts: string[] = [];
    const lines: TextLine[] = [];
    for (const page of items) {
      const image = images.find((i) => i.page === page.page);
      const ocr = image ? await this.ocr.recognizeWords(image.png) : null;
      const pageLines = ocr ? linesOfPage({ page: page.page, items: ocr.items, yDown: true }) : linesOfPage(page);
      texts.push(ocr ? ocr.text : pageLines.map((l) => l.text).join('\n'));
      lines.push(...pageLines);
    }
    return { text: texts.join('\n\n'), pages, lines, scanned: true };
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
