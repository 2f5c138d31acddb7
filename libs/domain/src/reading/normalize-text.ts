/**
 * Readers of single signals share this: input is text from PDF extraction or OCR, so every reader is
 * case-insensitive, tolerant of odd spacing, and works on normalizeDocumentText's output.
 */

/** Unifies line ends, spaces, ligatures, quotes and dashes; re-joins words hyphenated across lines. */
export function normalizeDocumentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/\ufb00/g, 'ff')
    .replace(/\ufb01/g, 'fi')
    .replace(/\ufb02/g, 'fl')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/([a-z])-\n([a-z])/g, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}
