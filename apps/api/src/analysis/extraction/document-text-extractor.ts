import { Injectable } from '@nestjs/common';
import {
  LOW_OCR_CONFIDENCE,
  type ExtractionMethod,
  linesOfPage,
  linesOfPages,
  passwordProtectedReason,
  type TextLine,
  type UncertainWord,
} from '@app/domain';
import { UnreadableDocumentError } from './document-problem';
import { detectFileKind, FileKind } from './file-kind';
import { ReaderSandbox, ReadFailedError } from './reader-sandbox';
import type { OcrWord, ReaderKind, ReaderOutput } from './readers';

export interface ExtractedText {
  text: string;
  kind: FileKind;
  method: ExtractionMethod;
  /** Pages of a PDF; absent for other kinds. */
  pages?: number;
  /** Lines rebuilt from the words' positions (a PDF's text layer), for readers of tables; absent for plain text. */
  lines?: TextLine[];
  /** Words OCR read with low confidence, by page; absent when nothing was OCR'd. */
  uncertainWords?: UncertainWord[];
  /** A PDF's scanned pages past the OCR page limit, which were not read (1-based), and that limit; absent when none. */
  pagesNotRead?: { pages: number[]; limit: number };
}

/** What pdf.js says of a PDF encrypted with an open password (PasswordException); one with only an owner password opens. */
const PASSWORD_NEEDED = /PasswordException|no password given|incorrect password/i;

const READER: Record<Exclude<FileKind, 'unknown'>, ReaderKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  png: 'image',
  jpg: 'image',
};

/**
 * Turns a stored document into plain text by what its bytes are: PDF text layer, Word documents, or OCR of images.
 * The reading itself happens in the reader sandbox (another process), never on this process's event loop; what comes
 * back is turned into lines here.
 */
@Injectable()
export class DocumentTextExtractor {
  constructor(private readonly sandbox: ReaderSandbox) {}

  async extract(bytes: Buffer, fileName: string): Promise<ExtractedText> {
    const kind = detectFileKind(bytes);
    if (kind === 'unknown')
      throw new UnreadableDocumentError(`${fileName} is not a PDF, DOC, DOCX, JPG or PNG file`, 'not_supported');
    let output: ReaderOutput;
    try {
      output = await this.sandbox.read(READER[kind], bytes);
    } catch (error) {
      if (error instanceof ReadFailedError) {
        // The reader reports any pdf.js failure as damage; a PDF that needs its open password is not damaged.
        if (PASSWORD_NEEDED.test(error.detail))
          throw new UnreadableDocumentError(passwordProtectedReason(fileName), 'password');
        throw new UnreadableDocumentError(`Could not read ${fileName}: ${error.reason}`, 'reader_failed');
      }
      // No reader could run (one could not start, or they are stopping): a fault of ours, which the queue retries.
      throw error;
    }
    switch (kind) {
      case 'pdf': {
        const notRead = output.ocrSkippedPages ?? [];
        return {
          kind,
          ...pdfText(output),
          ...(notRead.length > 0
            ? { pagesNotRead: { pages: notRead, limit: this.sandbox.limits.pdfMaxOcrPages } }
            : {}),
        };
      }
      case 'png':
      case 'jpg':
        return {
          kind,
          method: 'ocr',
          text: output.text,
          lines: linesOfPage({ page: 1, items: output.words ?? [], yDown: true }),
          uncertainWords: uncertainWords(1, output.words ?? []),
        };
      default:
        return { kind, method: kind, text: output.text };
    }
  }
}

/** The words of a page OCR read with low confidence, so a value made of them is marked for the evaluator's review. */
function uncertainWords(page: number, words: readonly OcrWord[]): UncertainWord[] {
  return words
    .filter((w) => w.confidence < LOW_OCR_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.str))
    .map((w) => ({ page, word: w.str, confidence: Math.round(w.confidence) }));
}

/** The text layer; pages without one (a scan) are taken from what OCR read of the images the reader drew of them. */
function pdfText({ text, pages = [] }: ReaderOutput): Omit<ExtractedText, 'kind'> {
  if (!pages.some((page) => page.ocr)) {
    return {
      method: 'pdf-text',
      text,
      pages: pages.length,
      lines: linesOfPages(pages.map(({ page, items }) => ({ page, items }))),
    };
  }
  const texts: string[] = [];
  const lines: TextLine[] = [];
  const uncertain: UncertainWord[] = [];
  for (const page of pages) {
    uncertain.push(...uncertainWords(page.page, page.ocr?.items ?? []));
    const pageLines = page.ocr
      ? linesOfPage({ page: page.page, items: page.ocr.items, yDown: true })
      : linesOfPage(page);
    texts.push(page.ocr ? page.ocr.text : pageLines.map((l) => l.text).join('\n'));
    lines.push(...pageLines);
  }
  return { method: 'ocr', text: texts.join('\n\n'), pages: pages.length, lines, uncertainWords: uncertain };
}
