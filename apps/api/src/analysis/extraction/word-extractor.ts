import type WordExtractorClass from 'word-extractor';

type WordExtractorConstructor = typeof WordExtractorClass;

let loaded: WordExtractorConstructor | null = null;

/** Stands for a page break while word-extractor cleans the text (a private-use character no document needs). */
const PAGE_BREAK_MARK = '\uf8ff';

/**
 * word-extractor, with two fixes. Version 1.0.4 maps the Windows-1252 bytes 0x80-0x9f of 8-bit text runs through a
 * table that lacks 0x80 (the euro sign) and the five codes Windows-1252 leaves unassigned, so each came out as the
 * word 'undefined' ('Fee: €120' read 'Fee: undefined120'). And its cleaning turns the page-break character (0x0C,
 * which Word also writes for a section break) into a line break, so every line of a DOC read as page 1; it is kept
 * as a form feed, which is how the other readers mark a page, so evidence names the page of a line as it does for a
 * DOCX (explicit breaks only: Word's own layout breaks are not in the file). Its text reader takes both functions
 * from lib/filters when it is first loaded, so they are replaced before the library itself is loaded. Every use
 * goes through here.
 */
export function loadWordExtractor(): WordExtractorConstructor {
  if (loaded) return loaded;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const filters = require('word-extractor/lib/filters') as {
    binaryToUnicode(text: string): string;
    clean(text: string): string;
    fixed?: true;
  };
  if (!filters.fixed) {
    const original = filters.binaryToUnicode;
    filters.binaryToUnicode = (text: string) =>
      original(text.replace(/\x80/g, '\u20ac').replace(/[\x81\x8d\x8f\x90\x9d]/g, ''));
    const clean = filters.clean;
    filters.clean = (text: string) =>
      clean(text.replaceAll(PAGE_BREAK_MARK, '').replaceAll('\f', PAGE_BREAK_MARK)).replaceAll(PAGE_BREAK_MARK, '\f');
    filters.fixed = true;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded = require('word-extractor') as WordExtractorConstructor;
  return loaded;
}
