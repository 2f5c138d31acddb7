/**
 * Whether a quote holds a figure as a figure: the number standing on its own ('15 contact hours', 'Credits: 15.0'),
 * never a digit run inside another number, a date ('May 15, 2024', '2024-05-15', '05/15/2024') or a time ('11:15').
 */
const DATE_OR_TIME = new RegExp(
  [
    // Month names with a day and/or a year: 'May 15, 2024', '15 May 2024', 'May 2024'.
    '\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?',
    '\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?(?:,?\\s+\\d{4})?',
    // Numeric dates and times: '2024-05-15', '05/15/2024', '15.05.2024', '11:15'.
    '\\b\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}\\b',
    '\\b\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}\\b',
    '\\b\\d{1,2}:\\d{2}\\b',
  ].join('|'),
  'gi',
);

export function quoteHoldsNumber(quote: string, value: number): boolean {
  const bare = quote.replace(DATE_OR_TIME, ' ');
  for (const m of bare.matchAll(/(?<![\d.,])\d{1,3}(?:,\d{3})*(?:[.,]\d+)?(?![\d])/g)) {
    const n = Number(m[0].replace(/,(?=\d{3}\b)/g, '').replace(',', '.'));
    if (Math.abs(n - value) < 1e-9) return true;
  }
  return false;
}
