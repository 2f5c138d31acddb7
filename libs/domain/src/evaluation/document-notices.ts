import type { DocumentNotice } from '@app/contracts';

/**
 * One document that cannot be evaluated does not stop the others: the analysis goes on with the documents that can be
 * read, and each one left out, or read only in part, gets a notice the applicant sees. Only when no document at all
 * can be read does the analysis fail, with every document's reason. Which errors count as a document's own problem
 * (rather than a fault of ours, which is retried) is decided where the documents are read (the API's reading step).
 */

export interface NoticedDocument {
  documentId: string;
  fileName: string;
}

/** A document left out of the evaluation; `reason` already names it and says what to do. */
export function unreadableDocumentNotice(document: NoticedDocument, reason: string): DocumentNotice {
  return { documentId: document.documentId, fileName: document.fileName, kind: 'unreadable', message: reason };
}

/** Pages of a document that were not read (they were past the page limit), with the document's page count. */
export interface PagesNotRead {
  /** The document's pages. */
  pages: number;
  /** The pages that were not read, 1-based. */
  notRead: readonly number[];
  /** How many scanned pages are read from one document. */
  limit: number;
}

/** '3', '3–5', '3, 7–9': page numbers as ranges. */
export function pageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const page of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && page === last[1] + 1) last[1] = page;
    else ranges.push([page, page]);
  }
  return ranges.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)).join(', ');
}

/**
 * A document whose scanned pages went past the OCR page limit: which pages were read and which were not, and how to
 * have the rest evaluated. Null when every page was read.
 */
export function pagesNotReadNotice(document: NoticedDocument, pages: PagesNotRead): DocumentNotice | null {
  const notRead = [...new Set(pages.notRead)].filter((p) => p >= 1 && p <= pages.pages).sort((a, b) => a - b);
  if (notRead.length === 0) return null;
  const read = pages.pages - notRead.length;
  const trailing = notRead[0] === read + 1 && notRead[notRead.length - 1] === pages.pages;
  const one = notRead.length === 1;
  const which = one ? `page ${notRead[0]}` : `pages ${pageRanges(notRead)}`;
  const them = one ? 'it' : 'them';
  const limit = `scanned pages are read up to ${pages.limit} a document`;
  const message = trailing
    ? `Only the first ${read} of ${pages.pages} pages of ${document.fileName} were read: ${limit}. Upload ${which} as a separate document to have ${them} evaluated.`
    : `Only ${read} of the ${pages.pages} pages of ${document.fileName} were read: ${limit}, so ${which} ${one ? 'was' : 'were'} not read. Upload ${them} as a separate document to have ${them} evaluated.`;
  return { documentId: document.documentId, fileName: document.fileName, kind: 'pages_not_read', message };
}

/**
 * The failure reason when no document of a credential could be read: a single document's own reason, or every
 * document's reason after a line saying none could be read.
 */
export function noReadableDocumentReason(unreadable: readonly DocumentNotice[]): string {
  const reasons = unreadable.filter((n) => n.kind === 'unreadable').map((n) => n.message);
  const [only] = reasons;
  if (only === undefined) return 'The credential has no document to read. Upload at least one document.';
  if (reasons.length === 1) return only;
  return `None of the ${reasons.length} documents could be read. ${reasons.join(' ')}`;
}

/** Whether the evaluation leaves a document out, and so is based on the readable documents only. */
export function leavesDocumentsOut(notices: readonly DocumentNotice[]): boolean {
  return notices.some((n) => n.kind === 'unreadable');
}

/**
 * The line above a credential's notices, saying what the evaluation is based on; null without notices.
 * `documents` is how many documents the credential has.
 */
export function documentNoticesSummary(notices: readonly DocumentNotice[], documents: number): string | null {
  if (notices.length === 0) return null;
  const { left, partly } = noticeCounts(notices);
  const total = Math.max(documents, left + 1);
  const inPart = partly === 1 ? 'part of a document was not read' : `parts of ${partly} documents were not read`;
  if (left === 0) return `This evaluation is based on the pages that could be read: ${inPart}.`;
  const read = `This evaluation is based on the readable documents only (${total - left} of ${plural(total, 'document')}): ${plural(left, 'document')} could not be read`;
  return `${read}${partly > 0 ? `, and ${inPart}` : ''}.`;
}

/**
 * The heading above the notices, counted like the summary: the documents left out if any ("A document could not be
 * read", "2 documents could not be read"), else those read in part. Null without notices.
 */
export function documentNoticesHeading(notices: readonly DocumentNotice[]): string | null {
  if (notices.length === 0) return null;
  const { left, partly } = noticeCounts(notices);
  if (left > 0) return left === 1 ? 'A document could not be read' : `${left} documents could not be read`;
  return partly === 1 ? 'A document was read in part' : `${partly} documents were read in part`;
}

function noticeCounts(notices: readonly DocumentNotice[]): { left: number; partly: number } {
  const documentsOf = (kind: DocumentNotice['kind']) =>
    new Set(notices.filter((n) => n.kind === kind).map((n) => n.documentId)).size;
  return { left: documentsOf('unreadable'), partly: documentsOf('pages_not_read') };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The rule of phase 1: the readable documents are evaluated and the others listed; with none readable the analysis
 * fails with every document's reason.
 */
export function documentsOutcome(
  readable: number,
  notices: readonly DocumentNotice[],
): { evaluate: true; notices: DocumentNotice[] } | { evaluate: false; reason: string } {
  return readable > 0
    ? { evaluate: true, notices: [...notices] }
    : { evaluate: false, reason: noReadableDocumentReason(notices) };
}
