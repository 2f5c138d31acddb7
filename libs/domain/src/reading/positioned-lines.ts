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
  /**
   * Runs separated by a gap wider than about two spaces (or by two or more spaces inside one run); each with the x
   * where it starts and, where known, where it ends.
   */
  cells: readonly TextCell[];
}

export interface TextCell {
  text: string;
  x: number;
  end?: number;
}

/** A run that holds columns made of spaces ('PSY 101    Ethics    3.0    A'): two or more spaces, or a tab. */
const SPACE_COLUMNS = /[ \u00a0]{2,}|\t/;

/**
 * Single-run lines with columns made of spaces: the run is cut at each gap of two or more spaces, each part placed
 * where its characters sit (x estimated from its share of the run's characters), and marked to start a cell of its
 * own, as a gap between runs would.
 */
function splitAtSpaceColumns(item: TextItem & { own?: boolean }): (TextItem & { own?: boolean })[] {
  if (!SPACE_COLUMNS.test(item.str.trim())) return [item];
  const length = item.str.length;
  const parts: (TextItem & { own?: boolean })[] = [];
  for (const m of item.str.matchAll(/\S+(?: \S+)*/g)) {
    parts.push({
      str: m[0],
      x: item.x + (item.width * m.index) / length,
      y: item.y,
      width: (item.width * m[0].length) / length,
      height: item.height,
      own: parts.length > 0 || item.own,
    });
  }
  return parts;
}

/** Items whose baselines differ by less than this share of the text height sit on one line. */
const SAME_LINE_SHARE = 0.5;
/** A gap wider than this share of the text height starts a new cell (a space is about a quarter). */
const CELL_GAP_SHARE = 1.2;

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Two spaces of a 10-point font are about 5.6 points: a run of spaces wider than this share of the height is a gap. */
const SPACE_GAP_SHARE = 0.48;

/**
 * Runs of spaces that a PDF draws as items of their own (pdf.js gives them so): one wider than about two spaces makes
 * the word after it start a cell of its own, as a column gap does, however narrow the gap is next to the font's
 * height. The space items themselves are then dropped.
 */
function markSpaceGaps(items: readonly TextItem[]): (TextItem & { own?: boolean })[] {
  const words = items.filter((i) => i.str.trim() !== '');
  const gaps = items.filter((i) => i.str.trim() === '' && i.width > Math.max(i.height, 1) * SPACE_GAP_SHARE);
  if (gaps.length === 0) return words;
  return words.map((word) => {
    const after = gaps.some(
      (gap) =>
        Math.abs(gap.y - word.y) < Math.max(word.height, 1) * 0.5 &&
        Math.abs(gap.x + gap.width - word.x) < Math.max(word.height, 1) * 0.3,
    );
    return after ? { ...word, own: true } : word;
  });
}

/** A run of letters drawn one at a time with a space between ('H A S', 'AWA R D E D'): its letters, or null. */
function spacedLetters(text: string): string | null {
  const letters = text.trim().split(' ');
  if (letters.length < 2 || !letters.every((l) => /^\p{L}{1,3}$/u.test(l))) return null;
  return letters.filter((l) => l.length === 1).length >= letters.length * 0.7 ? letters.join('') : null;
}

/** A letter-spaced word is at most this long when nothing else shows where its words part. */
const SPACED_WORD_LETTERS = 8;
/** Longer words a certificate spaces out on a line of their own ('C E R T I F I C A T E'). */
const SPACED_HEADING_WORD =
  /^(?:certificate|certification|completion|achievement|participation|appreciation|attendance|recognition|successfully|completing|excellence|diploma)$/i;

/**
 * Layout feature: letter-spaced capitals ('H A S  B E E N  AWA R D E D  T O'), which a PDF draws as one run per word
 * with a space between the letters (a certificate's tracked headings). A run is one word again when a word gap sets
 * it apart from another such run beside it, or when it is short enough to be one word. A long run with no such gap
 * ('S H I V A M G O Y A L') gives no sign where its words part and is left as it is.
 */
function closeLetterSpacing<T extends TextItem>(runs: readonly T[]): T[] {
  const letters = runs.map((r) => spacedLetters(r.str));
  return runs.map((run, i) => {
    const word = letters[i];
    if (word === null || word === undefined) return run;
    const height = Math.max(run.height, 1);
    const besideSpaced = [i - 1, i + 1].some((j) => {
      const other = runs[j];
      if (!other || !letters[j]) return false;
      const gap = j < i ? run.x - (other.x + other.width) : other.x - (run.x + run.width);
      return gap >= 0 && gap < height * 1.5;
    });
    return besideSpaced || word.length <= SPACED_WORD_LETTERS || SPACED_HEADING_WORD.test(word)
      ? { ...run, str: word }
      : run;
  });
}

/** Rebuilds one page's lines: top to bottom, each left to right, split into cells at wide gaps. */
export function linesOfPage(page: PageItems): TextLine[] {
  const items = markSpaceGaps(page.items).flatMap(splitAtSpaceColumns);
  const top = (i: TextItem): number => (page.yDown ? i.y : -i.y);
  const sorted = [...items].sort((a, b) => top(a) - top(b) || a.x - b.x);
  const rows: (TextItem & { own?: boolean })[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    const height = Math.max(item.height, 1);
    if (row && first && Math.abs(top(first) - top(item)) < height * SAME_LINE_SHARE) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row, index) => {
    const ordered = row.sort((a, b) => a.x - b.x);
    const cells: { text: string; x: number; end: number }[] = [];
    let end = -Infinity;
    for (const item of closeLetterSpacing(ordered)) {
      const gap = item.x - end;
      const current = cells[cells.length - 1];
      if (current && !item.own && gap < Math.max(item.height, 1) * CELL_GAP_SHARE) {
        current.text +=
          gap > 0.5 && !current.text.endsWith(' ') && !item.str.startsWith(' ') ? ` ${item.str}` : item.str;
        current.end = Math.max(current.end, item.x + item.width);
      } else {
        cells.push({ text: item.str, x: item.x, end: item.x + item.width });
      }
      end = Math.max(end, item.x + item.width);
    }
    const tidy = cells.map((c) => ({ text: clean(c.text), x: c.x, end: c.end })).filter((c) => c.text !== '');
    return { page: page.page, line: index + 1, text: tidy.map((c) => c.text).join(' '), cells: tidy };
  });
}

export function linesOfPages(pages: readonly PageItems[]): TextLine[] {
  return pages.flatMap(linesOfPage);
}

/** The x a tab-separated cell stands at: its index times this (wider than any line, so columns never mix). */
const TAB_COLUMN = 1000;

/**
 * Lines of plain text (Word documents, or a reader that gives no positions): pages split at form feeds, cells at
 * tabs (x standing for the cell's index) or runs of two or more spaces (x standing for the cell's character column).
 */
export function linesOfText(text: string): TextLine[] {
  return text.split('\f').flatMap((pageText, pageIndex) => {
    const lines: TextLine[] = [];
    pageText
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .forEach((raw) => {
        if (raw.trim() === '') return;
        const cells: TextCell[] = [];
        if (raw.includes('\t')) {
          // Tab-separated cells (a Word table's row, or a paragraph laid out with tab stops): the nth cell of every
          // such line stands in the nth column, whatever the length of the text before it; an empty cell keeps its place.
          raw.split('\t').forEach((cell, index) => {
            const text = clean(cell);
            if (text !== '') cells.push({ text, x: index * TAB_COLUMN, end: index * TAB_COLUMN + TAB_COLUMN / 2 });
          });
        } else {
          for (const m of raw.matchAll(/\S+(?: \S+)*/g))
            cells.push({ text: clean(m[0]), x: m.index, end: m.index + m[0].length });
        }
        lines.push({ page: pageIndex + 1, line: lines.length + 1, text: cells.map((c) => c.text).join(' '), cells });
      });
    return lines;
  });
}
