/**
 * Lines of a document rebuilt from where its words sit on the page. A PDF's text layer (pdf.js text items) and an
 * OCR result (word boxes) give words with positions but in no dependable order: a table's cells come out column by
 * column as often as row by row. Grouping by baseline and sorting by x gives the rows back, and the gaps between
 * words give the cells.
 */

/** One run of text on a page; x and y in page units, y growing upwards (pdf.js) unless `yDown` is set. */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageItems {
  page: number;
  items: readonly TextItem[];
  /** OCR boxes measure y from the top; pdf.js from the bottom. */
  yDown?: boolean;
}

/** A line as a reader sees it: its page and 1-based line number there (for evidence), its text, and its cells. */
export interface TextLine {
  page: number;
  line: number;
  text: string;
  /** Runs separated by a gap wider than about two spaces; each with the x where it starts. */
  cells: readonly { text: string; x: number }[];
}

/** Items whose baselines differ by less than this share of the text height sit on one line. */
const SAME_LINE_SHARE = 0.5;
/** A gap wider than this share of the text height starts a new cell (a space is about a quarter). */
const CELL_GAP_SHARE = 1.2;

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Rebuilds one page's lines: top to bottom, each left to right, split into cells at wide gaps. */
export function linesOfPage(page: PageItems): TextLine[] {
  const items = page.items.filter((i) => i.str.trim() !== '');
  const top = (i: TextItem): number => (page.yDown ? i.y : -i.y);
  const sorted = [...items].sort((a, b) => top(a) - top(b) || a.x - b.x);
  const rows: TextItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    const height = Math.max(item.height, 1);
    if (row && first && Math.abs(top(first) - top(item)) < height * SAME_LINE_SHARE) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row, index) => {
    const ordered = row.sort((a, b) => a.x - b.x);
    const cells: { text: string; x: number }[] = [];
    let end = -Infinity;
    for (const item of ordered) {
      const gap = item.x - end;
      const current = cells[cells.length - 1];
      if (current && gap < Math.max(item.height, 1) * CELL_GAP_SHARE) {
        current.text +=
          gap > 0.5 && !current.text.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
      } else {
        cells.push({ text: item.str, x: item.x });
      }
      end = Math.max(end, item.x + item.width);
    }
    const tidy = cells.map((c) => ({ text: clean(c.text), x: c.x })).filter((c) => c.text !== '');
    return { page: page.page, line: index + 1, text: tidy.map((c) => c.text).join(' '), cells: tidy };
  });
}

export function linesOfPages(pages: readonly PageItems[]): TextLine[] {
  return pages.flatMap(linesOfPage);
}

/**
 * Lines of plain text (Word documents, or a reader that gives no positions): pages split at form feeds, cells at
 * tabs or runs of two or more spaces, x standing for the cell's character column.
 */
export function linesOfText(text: string): TextLine[] {
  return text.split('\f').flatMap((pageText, pageIndex) => {
    const lines: TextLine[] = [];
    pageText
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((raw) => {
        const expanded = raw.replace(/\t/g, '    ');
        if (expanded.trim() === '') return;
        const cells: { text: string; x: number }[] = [];
        for (const m of expanded.matchAll(/\S+(?: \S+)*/g)) cells.push({ text: clean(m[0]), x: m.index });
        lines.push({ page: pageIndex + 1, line: lines.length + 1, text: cells.map((c) => c.text).join(' '), cells });
      });
    return lines;
  });
}
