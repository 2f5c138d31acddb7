/** What one document read may use; from READER_* settings (app-config.ts), the defaults below otherwise. */
export interface ReaderLimits {
  /** A read that takes longer is killed and the document fails. */
  timeoutMs: number;
  /** V8 heap of a reader process (--max-old-space-size); running out kills that process only. */
  memoryMb: number;
  /** A PDF declaring more pages is refused before any page is read (page trees can declare millions). */
  pdfMaxPages: number;
  /**
   * Pages of a PDF without a text layer (a scan) that are drawn and OCR'd; later ones are not read, and the evaluation
   * tells the applicant which pages were not (a per-document notice).
   */
  pdfMaxOcrPages: number;
  /** A DOCX whose entries would inflate to more than this, by its zip central directory, is refused unopened. */
  docxMaxUncompressedBytes: number;
  /** A DOCX with more entries than this is refused unopened. */
  docxMaxEntries: number;
  /** A JPG or PNG with more pixels than this (by its header) is refused before it is decoded. */
  imageMaxPixels: number;
  /** A document with more text than this is refused: the analysis of its text runs on the API's event loop. */
  maxTextChars: number;
  /** Reader processes side by side (the queue runs two jobs at a time). */
  processes: number;
}

export const DEFAULT_READER_LIMITS: ReaderLimits = {
  // Room for a scanned PDF's OCR pages on a busy machine.
  timeoutMs: 120_000,
  memoryMb: 512,
  pdfMaxPages: 300,
  // About a second or two each on one core, so a long scan cannot hold a reader for minutes.
  pdfMaxOcrPages: 20,
  docxMaxUncompressedBytes: 100 * 1024 * 1024,
  docxMaxEntries: 2_000,
  imageMaxPixels: 50_000_000,
  maxTextChars: 1_000_000,
  processes: 2,
};
