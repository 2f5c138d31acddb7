/**
 * Readers of single signals share this: input is text from PDF extraction or OCR, so every reader is
 * case-insensitive, tolerant of odd spacing, and works on normalizeDocumentText's output.
 */

/** Spacing accents (grave, acute, diaeresis, circumflex, tilde, caron) and the combining marks they stand for. */
const SPACING_ACCENTS: Readonly<Record<string, string>> = {
  '`': '\u0300',
  '\u00b4': '\u0301',
  '\u00a8': '\u0308',
  '\u02c6': '\u0302',
  '\u02dc': '\u0303',
  '\u02c7': '\u030c',
};

/**
 * Layout feature: a LaTeX PDF draws an accented letter as a spacing accent followed by the letter ('Ad`ele H´enot'),
 * which pdf.js gives as two characters. Inside a word they are put back together ('Adèle Hénot').
 */
function joinSpacingAccents(text: string): string {
  return text.replace(/(?<=\p{L})([`\u00b4\u00a8\u02c6\u02dc\u02c7])(\p{L})/gu, (_, accent: string, letter: string) =>
    `${letter}${SPACING_ACCENTS[accent] ?? ''}`.normalize('NFC'),
  );
}

/** Unifies line ends, spaces, ligatures, quotes, dashes and accents; re-joins words hyphenated across lines. */
export function normalizeDocumentText(text: string): string {
  return joinSpacingAccents(text)
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
