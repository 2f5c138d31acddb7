import type WordExtractorClass from 'word-extractor';

type WordExtractorConstructor = typeof WordExtractorClass;

let loaded: WordExtractorConstructor | null = null;

/**
 * word-extractor, with one fix. Version 1.0.4 maps the Windows-1252 bytes 0x80-0x9f of 8-bit text runs through a
 * table that lacks 0x80 (the euro sign) and the five codes Windows-1252 leaves unassigned, so each came out as the
 * word 'undefined' ('Fee: €120' read 'Fee: undefined120'). Its text reader takes that mapping from lib/filters when
 * it is first loaded, so the mapping is completed before the library itself is loaded. Every use goes through here.
 */
export function loadWordExtractor(): WordExtractorConstructor {
  if (loaded) return loaded;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const filters = require('word-extractor/lib/filters') as { binaryToUnicode(text: string): string; fixed?: true };
  if (!filters.fixed) {
    const original = filters.binaryToUnicode;
    filters.binaryToUnicode = (text: string) =>
      original(text.replace(/\x80/g, '\u20ac').replace(/[\x81\x8d\x8f\x90\x9d]/g, ''));
    filters.fixed = true;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded = require('word-extractor') as WordExtractorConstructor;
  return loaded;
}
