import type { TextCell, TextLine } from './positioned-lines';

/**
 * Course tables found by what they say, not by where a layout puts them. Every source of positioned text (pdf.js
 * runs, OCR word boxes, a Word table's cells, a line with columns made of spaces) gives lines of cells with an x; this
 * module finds a table's heading row by its vocabulary (Course, Title, Description, Credits, Units, Hours, Attempted,
 * Earned, Grade, Points, ECTS …, in any order, several tables side by side on one line), and reads a row by the kinds
 * of its values (a code, a title, then numbers and a grade), each value placed in the heading column it lines up with.
 */

export type ColumnRole =
  'code' | 'course' | 'title' | 'credits' | 'hours' | 'attempted' | 'earned' | 'grade' | 'points' | 'term' | 'other';

export interface TableColumn {
  role: ColumnRole;
  x: number;
  end: number;
  heading: string;
}

/** One table of a heading row: its columns, and the x where it starts (a table to its right starts a new one). */
export interface CourseTable {
  columns: TableColumn[];
  start: number;
  /** Where the next table on the same heading row starts; Infinity for the last. */
  limit: number;
}

export interface TableRow {
  code: string | null;
  title: string;
  /**
   * The credits that count: the Earned column's when there is one, else Credits (or Units, ECTS, Hours…); null when
   * the row states none (a Course / Grade table, a graded row without a credits value), never a guessed figure.
   */
  credits: number | null;
  /** Why the credits are absent, when they are. */
  creditsAbsent?: string;
  grade: string | null;
  term: string | null;
  /** The row has a grade column but no grade (and no earned figure): a course in progress, which earns nothing yet. */
  inProgress: boolean;
  /** The heading of the column the credits were read from. */
  creditsHeading: string;
  /** The row's own cells as the line has them (a line holding two tables side by side holds two rows). */
  text: string;
}

/** A heading phrase's role; multi-word phrases are tried before single words. */
function roleOfPhrase(phrase: string): ColumnRole | null {
  const h = phrase
    .toLowerCase()
    .replace(/[.:#()*[\]-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (h === '') return null;
  // 'Number of ECTS credits', 'Title of the course unit': the words that only introduce the heading's subject.
  if (/^(?:number|no|nr) of /.test(h)) return roleOfPhrase(h.replace(/^(?:number|no|nr) of /, ''));
  if (
    /^(?:title|name) of (?:the )?(?:course|module|subject|unit|component|educational component|course unit)s?(?: unit)?$/.test(
      h,
    )
  )
    return 'title';
  if (/^duration(?: of .*)?$|^(?:course |unit )?type$/.test(h)) return 'other';
  if (
    /^(?:course|subject|module|class|unit|course unit|component)\s+(?:code|no|nr|number|id)$|^(?:code|catalog(?:ue)?(?: no| number)?|crs no)$/.test(
      h,
    )
  )
    return 'code';
  if (
    /^(?:course|module|subject|class|unit|course unit|component|educational component|lecture)?\s*(?:title|titles|name|description|descriptive title)$|^name of (?:the )?(?:course|module|subject)$/.test(
      h,
    )
  )
    return 'title';
  if (
    /^(?:course|courses|subject|subjects|module|modules|unit of study|units of study|course unit|course units|class|classes|educational component|component)$/.test(
      h,
    )
  )
    return 'course';
  if (
    /^(?:(?:credits?|units?|hours?|hrs) attempted|attempted(?: credits?| hours?| hrs| units?)?|att(?: hrs)?|hrs att)$/.test(
      h,
    )
  )
    return 'attempted';
  if (
    /^(?:(?:credits?|units?|hours?|hrs) earned|earned(?: credits?| hours?| hrs| units?)?|ern|earn|hrs earned)$/.test(h)
  )
    return 'earned';
  if (
    /^(?:(?:final |local |ects |letter |course |module |numeric |national )?(?:grades?|marks?|scores?|results?)(?: ects| local| obtained| achieved| %| 100)?|grade\/mark|mark\/grade|%)$/.test(
      h,
    )
  )
    return 'grade';
  if (/^(?:(?:grade |quality |honou?r )?points|qp|qpts|pts|gpa(?: hours| hrs| uts| units)?)$/.test(h)) return 'points';
  if (
    /^(?:(?:ects |us |uk |cats |semester |quarter |sem |qtr )?(?:credits?|credit (?:hours?|hrs|points|units)|cr|crs|cr hrs|units?|cp)(?: ects| hours?| hrs| value| awarded)?|ects(?: credits?| points)?|(?:semester|sem|quarter|qtr) (?:hours?|hrs)|sh|qh|sch)$/.test(
      h,
    )
  )
    return 'credits';
  if (/^(?:hours?|hrs|(?:class|contact|clock|lecture|teaching) (?:hours?|hrs))$/.test(h)) return 'hours';
  if (
    /^(?:term|semester|session|period|year|academic(?: year)?(?:\/semester)?|year\/semester|term taken|taken|date|completed|exam date|date of exam|date passed|passed on|year of study|study year)$/.test(
      h,
    )
  )
    return 'term';
  if (/^(?:status|type|level|remarks?|notes?|section|instructor|repeat|rpt|campus|method|attempt|comments?)$/.test(h))
    return 'other';
  return null;
}

interface Word {
  text: string;
  x: number;
  end: number;
}

/** A cell's words, each placed where its characters sit (x estimated from its share of the cell's characters). */
function wordsOf(cell: TextCell): Word[] {
  const end = cell.end ?? cell.x + cell.text.length;
  const width = Math.max(end - cell.x, 0);
  const length = Math.max(cell.text.length, 1);
  return [...cell.text.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    x: cell.x + (width * m.index) / length,
    end: cell.x + (width * (m.index + m[0].length)) / length,
  }));
}

/** Reads a heading row's columns: the longest vocabulary phrase at each word of each cell. */
function headingColumns(line: TextLine): { columns: TableColumn[]; known: number; unknown: number } {
  const columns: TableColumn[] = [];
  let unknown = 0;
  let known = 0;
  for (const cell of line.cells) {
    const words = wordsOf(cell);
    let prefix: Word[] = [];
    let cellColumn: TableColumn | null = null;
    for (let i = 0; i < words.length;) {
      let matched = 0;
      for (let n = Math.min(5, words.length - i); n >= 1 && matched === 0; n--) {
        const phrase = words.slice(i, i + n);
        const role = roleOfPhrase(phrase.map((w) => w.text).join(' '));
        if (role === null) continue;
        const first = prefix[0] ?? phrase[0]!;
        cellColumn = {
          role,
          x: first.x,
          end: phrase[phrase.length - 1]!.end,
          heading: [...prefix, ...phrase].map((w) => w.text).join(' '),
        };
        columns.push(cellColumn);
        prefix = [];
        matched = n;
        known++;
      }
      if (matched > 0) {
        i += matched;
        continue;
      }
      // A word the vocabulary lacks ('Main Courses', 'Academic year'): part of the phrase beside it.
      unknown++;
      if (cellColumn && i + 1 >= words.length) {
        cellColumn.heading += ` ${words[i]!.text}`;
        cellColumn.end = words[i]!.end;
      } else prefix.push(words[i]!);
      i++;
    }
    if (prefix.length > 0) {
      if (cellColumn) {
        cellColumn.heading += ` ${prefix.map((w) => w.text).join(' ')}`;
        cellColumn.end = prefix[prefix.length - 1]!.end;
      } else
        columns.push({
          role: 'other',
          x: prefix[0]!.x,
          end: prefix[prefix.length - 1]!.end,
          heading: prefix.map((w) => w.text).join(' '),
        });
    }
  }
  return { columns, known, unknown };
}

const NAMES_COURSE: ReadonlySet<ColumnRole> = new Set(['code', 'course', 'title']);
const COUNTS: ReadonlySet<ColumnRole> = new Set(['credits', 'hours', 'attempted', 'earned']);

/**
 * A course table's heading row: words of the heading vocabulary naming the course and its credits (or hours), with
 * at most as many other words; a course name column after a table's names and values starts a table beside it.
 */
export function readCourseHeading(line: TextLine): CourseTable[] | null {
  if (/\d{2}/.test(line.text)) return null;
  const { columns, known, unknown } = headingColumns(line);
  if (known < 3 || unknown > known) return null;
  const tables: TableColumn[][] = [];
  for (const column of columns) {
    const current = tables[tables.length - 1];
    // A name column starts a table beside this one once this one has its names and then its values.
    const last = current?.[current.length - 1];
    const valuesSeen =
      last !== undefined &&
      !NAMES_COURSE.has(last.role) &&
      current!.some((c) => NAMES_COURSE.has(c.role)) &&
      current!.some((c) => COUNTS.has(c.role) || c.role === 'grade');
    if (!current || (NAMES_COURSE.has(column.role) && valuesSeen)) tables.push([column]);
    else current.push(column);
  }
  const usable = tables.filter(
    (t) => t.some((c) => NAMES_COURSE.has(c.role)) && t.some((c) => COUNTS.has(c.role)) && t.length >= 3,
  );
  if (usable.length === 0) return null;
  return usable.map((columns, i) => {
    const next = usable[i + 1];
    return { columns: settleRoles(columns), start: columns[0]!.x, limit: next ? next[0]!.x : Infinity };
  });
}

/** 'Course' beside a Title names the code; 'Hours' beside a Credits column are class hours, not credits. */
function settleRoles(columns: TableColumn[]): TableColumn[] {
  const has = (role: ColumnRole): boolean => columns.some((c) => c.role === role);
  const titled = has('title');
  const credited = has('credits') || has('earned') || has('attempted');
  return columns.map((c) => {
    if (c.role === 'course') return { ...c, role: titled ? 'code' : 'title' };
    if (c.role === 'hours') return { ...c, role: credited ? 'other' : 'credits' };
    return c;
  });
}

/** A course code; a letter may sit inside its number ('AAE1B01', 'ABCT1D05': subject, level, stream, number). */
export const COURSE_CODE = /^[A-Z]{2,6}[ -]?[A-Z]?\d{1,4}(?:[A-Z]\d{1,3})?[A-Z]{0,2}(?:-\d)?$/;
/** 'CENG 140 - C Programming': the dash between the code and the title separates them and is neither's. */
const CODE_AND_TITLE = /^([A-Z]{2,6}[ -]?[A-Z]?(?:\d{2,4}|\d[A-Z]\d{1,3})[A-Z]{0,2})\s+(?:[-–—:]\s+)?(.+)$/;
const SUBJECT = /^[A-Z]{2,6}$/;
const CATALOG_NUMBER = /^\d{3,4}[A-Z]?$/;
/** Letters, pass/fail and the words of descriptive scales ('Very Good', 'Distinction'), marks and percentages. */
export const GRADE =
  /^(?:[A-E][+-]?|F[X]?|[A-D][A-D]|F[DF]|P|S|U|W[FPDU]?|NC|NP|NR|CR|IP|INC|I|AU|X|PASS(?:ED)?|FAIL(?:ED)?|(?:very\s+)?good|excellent|satisfactory|unsatisfactory|sufficient|merit|(?:high\s+)?distinction|completed|\d{1,3}(?:[.,]\d{1,2})?%?)\*?$/i;
const NUMBER = /^\d{1,4}(?:[.,]\d{1,3})?$/;
/** 'Term Totals', 'Cum GPA', 'Cumulative': a line of totals, checked against the rows, never a course. */
export const TOTALS_LINE = /\b(?:totals?|gpa|cum|cumulative|overall|average|summary|subtotal)\b/i;

const CREDITS_WITH_UNIT = /^(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:cr|crs|credits?|hrs?|hours?|sh|qh|ects|cp|units?|u)\.?$/i;

/** A running head or foot: 'Page 2', 'Page 2 of 3'. */
const PAGE_FURNITURE = /\bpage\s+\d+(?:\s+of\s+\d+)?\b/i;

const isValue = (text: string): boolean => NUMBER.test(text) || /^\d{1,2}\/\d{1,2}$/.test(text) || /^\d+%$/.test(text);
const isGrade = (text: string): boolean => GRADE.test(text) && !/^\d{4,}$/.test(text);

interface Token {
  text: string;
  x: number;
  end: number;
}

/** The line's cells that belong to one table of the heading (by where they start), split where a cell holds values. */
function tokensOf(line: TextLine, table: CourseTable, valueColumns: number): Token[] {
  const margin = 4;
  const cells = line.cells.filter(
    (c) => c.x >= table.start - (table.start > 0 ? margin * 3 : Infinity) && c.x < table.limit - margin,
  );
  const tokens: Token[] = [];
  for (const cell of cells) {
    const words = wordsOf(cell);
    // 'Hours Credits' values in one run ('150 4.0'): every word a value, so each is a token.
    if (words.length > 1 && words.every((w) => isValue(w.text) || /^[A-F][+-]?$|^P$/.test(w.text)))
      tokens.push(...words);
    else {
      // A figure printed with its unit ('3.0 cr', '4 SH', '6 ECTS') is the figure.
      const unit = CREDITS_WITH_UNIT.exec(cell.text);
      tokens.push({ text: unit ? unit[1]! : cell.text, x: cell.x, end: cell.end ?? cell.x + cell.text.length });
    }
  }
  // A row in one run with single spaces ('CS101 Intro to Programming 4 85'): its trailing values are peeled off.
  const last = tokens[tokens.length - 1];
  if (last && tokens.length <= 2) {
    const words = wordsOf({ text: last.text, x: last.x, end: last.end });
    const peeled: Word[] = [];
    while (words.length > 1 && peeled.length < valueColumns) {
      const word = words[words.length - 1]!;
      if (!(isValue(word.text) || (peeled.length === 0 && isGrade(word.text) && !/^I$/.test(word.text)))) break;
      peeled.unshift(words.pop()!);
    }
    if (peeled.length > 0) {
      tokens.pop();
      tokens.push(
        { text: words.map((w) => w.text).join(' '), x: last.x, end: words[words.length - 1]!.end },
        ...peeled,
      );
    }
  }
  return tokens;
}

/** Cells left of the title to their columns, by where they sit; a code split over two cells ('CS', '3340') is joined. */
function placeLeft(tokens: readonly Token[], columns: readonly TableColumn[]): Map<TableColumn, string> {
  const placed = new Map<TableColumn, string>();
  for (const token of tokens) {
    const column = columns.reduce((best, c) => (distance(token, c) < distance(token, best) ? c : best), columns[0]!);
    if (!column) continue;
    placed.set(column, placed.has(column) ? `${placed.get(column)} ${token.text}` : token.text);
  }
  return placed;
}

/** How far a value sits from a column: 0 where their spans overlap. */
function distance(token: Token, column: TableColumn): number {
  if (token.end >= column.x && token.x <= column.end) return 0;
  return Math.min(Math.abs(token.x - column.end), Math.abs(token.end - column.x));
}

function fits(role: ColumnRole, text: string): boolean {
  // A grade with its words beside it: '1.7 (good)', 'B (very good)'.
  if (role === 'grade') return isGrade(cleanGrade(text)) || isGrade(text.replace(/\s*\(.*\)$/, ''));
  if (role === 'term' || role === 'other') return true;
  return NUMBER.test(text);
}

/**
 * Values to columns, left to right: the same count in order; fewer (a course in progress has no grade) or more, each
 * where it lines up best, by a small dynamic programme that keeps their order and respects what each column holds.
 */
function placeValues(values: readonly Token[], columns: readonly TableColumn[]): Map<TableColumn, string> {
  const placed = new Map<TableColumn, string>();
  if (values.length === columns.length && values.every((v, i) => fits(columns[i]!.role, v.text))) {
    values.forEach((v, i) => placed.set(columns[i]!, v.text));
    return placed;
  }
  const SKIP = 1e6;
  const cost = (v: Token, c: TableColumn): number => distance(v, c) + (fits(c.role, v.text) ? 0 : 1e4);
  const n = values.length;
  const m = columns.length;
  // best[i][j]: least cost placing the first i values among the first j columns.
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const from: ('skipValue' | 'skipColumn' | 'place')[][] = Array.from({ length: n + 1 }, () =>
    new Array<'skipValue' | 'skipColumn' | 'place'>(m + 1).fill('place'),
  );
  best[0]![0] = 0;
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      const here = best[i]![j]!;
      if (here === Infinity) continue;
      if (j < m && here < best[i]![j + 1]!) {
        best[i]![j + 1] = here;
        from[i]![j + 1] = 'skipColumn';
      }
      if (i < n && here + SKIP < best[i + 1]![j]!) {
        best[i + 1]![j] = here + SKIP;
        from[i + 1]![j] = 'skipValue';
      }
      if (i < n && j < m) {
        const c = here + cost(values[i]!, columns[j]!);
        if (c < best[i + 1]![j + 1]!) {
          best[i + 1]![j + 1] = c;
          from[i + 1]![j + 1] = 'place';
        }
      }
    }
  for (let i = n, j = m; i > 0 || j > 0;) {
    const step = from[i]![j]!;
    if (step === 'skipColumn') j--;
    else if (step === 'skipValue') i--;
    else {
      if (fits(columns[j - 1]!.role, values[i - 1]!.text)) placed.set(columns[j - 1]!, values[i - 1]!.text);
      i--;
      j--;
    }
  }
  return placed;
}

const number = (text: string): number => Number(text.replace(',', '.'));

/**
 * What OCR makes of a printed grade: a lower-case letter ('w'), a capital read twice ('Cc'); grades are capitals.
 * A text layer's grade is left as it is, and two capitals are a grade of their own: letter scales of two letters
 * ('AA', 'BA', 'CB' … 'FF', as Turkish universities grade) are not a letter read twice.
 */
function cleanGrade(grade: string): string {
  const doubled = /^([A-Za-z])([a-z])$/.exec(grade);
  if (doubled && doubled[1]!.toLowerCase() === doubled[2]) return doubled[2]!.toUpperCase();
  return /^[a-z]{1,2}[+-]?$/.test(grade) ? grade.toUpperCase() : grade;
}

/** OCR reads a title's closing Roman numeral I as a bar ('Drawing |'). */
const cleanTitle = (title: string): string =>
  title
    .trim()
    .replace(/^[-–—:]\s+/, '')
    .replace(/\s\|$/, ' I');

/** One table's row on this line, or null when the line holds none (a note, a totals line, a heading). */
function rowOfTable(line: TextLine, table: CourseTable): TableRow | null {
  const titleColumn = table.columns.find((c) => c.role === 'title');
  // Columns left of the title (a code, a term) take the cells that start before the title's column does: half-way
  // between the heading before the title and the title's heading, whatever the units of the page.
  const leftColumns = titleColumn ? table.columns.filter((c) => c.x < titleColumn.x) : [];
  const before = leftColumns[leftColumns.length - 1];
  const titleStart = titleColumn && before ? titleColumn.x - (titleColumn.x - before.end) / 2 : -Infinity;
  const rightColumns = table.columns.filter(
    (c) => !leftColumns.includes(c) && c !== titleColumn && !(c.role === 'title' || c.role === 'course'),
  );
  const tokens = tokensOf(line, table, rightColumns.length);
  if (tokens.length < 2) return null;
  // A code or term cell is short; a long cell left of the title is a title that starts with its code.
  const leftTokens = tokens.filter((t) => t.x < titleStart && t.text.length <= 20);
  const placedLeft = leftTokens.length > 0 ? placeLeft(leftTokens, leftColumns) : new Map<TableColumn, string>();
  let code: string | null = null;
  // 'Subject' and 'Course' (or 'Course' over two cells): the code's parts, left to right.
  const codeParts = [...placedLeft].filter(([column]) => column.role === 'code').sort(([a], [b]) => a.x - b.x);
  if (codeParts.length > 0) code = codeParts.map(([, text]) => text).join(' ');
  let rest = tokens.filter((t) => !leftTokens.includes(t));
  const [first, second] = rest;
  if (code === null && first && second && SUBJECT.test(first.text) && CATALOG_NUMBER.test(second.text)) {
    code = `${first.text} ${second.text}`;
    rest = rest.slice(2);
  } else if (code === null && first && COURSE_CODE.test(first.text)) {
    code = first.text;
    rest = rest.slice(1);
  }
  // A code column's cell is a code when it is short and holds a digit ('PSY 101', 'INF-B-110', '21CS101').
  if (code !== null && !(/\d/.test(code) && code.length <= 16)) return null;
  // The title: the text before the first value, and never a cell that starts in a column right of the title's.
  const titleLimit = rightColumns[0] ? rightColumns[0].x - 2 : Infinity;
  const titleParts: string[] = [];
  let index = 0;
  while (
    index < rest.length &&
    !(isValue(rest[index]!.text) || (titleParts.length > 0 && isGrade(rest[index]!.text))) &&
    (titleParts.length === 0 || rest[index]!.x < titleLimit)
  )
    titleParts.push(rest[index++]!.text);
  let title = titleParts.join(' ');
  if (code === null) {
    const [, prefix, after] = CODE_AND_TITLE.exec(title) ?? [];
    if (prefix !== undefined && after !== undefined) [code, title] = [prefix, after];
  }
  if (!/[A-Za-z]{2}/.test(title) || TOTALS_LINE.test(title) || PAGE_FURNITURE.test(line.text)) return null;
  const values = rest.slice(index);
  const placed = placeValues(values, rightColumns);
  const everyValuePlaced = placed.size >= values.length;
  for (const [column, text] of placedLeft) if (column.role !== 'code') placed.set(column, text);
  // The leftmost column of a role ('Local grade' before 'ECTS grade').
  const value = (role: ColumnRole): { text: string; column: TableColumn } | null => {
    const [found] = [...placed].filter(([column]) => column.role === role).sort(([a], [b]) => a.x - b.x);
    return found ? { text: found[1], column: found[0] } : null;
  };
  const earned = value('earned');
  const counted = earned ?? value('credits') ?? value('attempted');
  const gradeText = value('grade')?.text;
  const grade = gradeText === undefined ? null : cleanGrade(gradeText);
  if (!counted) return gradedRow(table, { code, title, grade, values, everyValuePlaced, value, tokens });
  if (!NUMBER.test(counted.text)) return null;
  // A row with neither a course code nor a grade shows itself a row by at least two values of the table's columns.
  if (code === null && grade === null && values.length < 2) return null;
  const hasGradeColumn = table.columns.some((c) => c.role === 'grade');
  return {
    code,
    title: cleanTitle(title),
    credits: number(counted.text),
    grade,
    term: value('term')?.text ?? null,
    // In progress only where every value found its column and none is a grade: an unread grade is not no grade.
    inProgress: hasGradeColumn && grade === null && !earned && everyValuePlaced,
    creditsHeading: counted.column.heading,
    text: tokens.map((t) => t.text).join(' '),
  };
}

/**
 * A row with a grade and no credits: under a Course / Grade table (no credits column), any row with a grade; under a
 * table with a credits column, only a coded row whose one value is its grade. Its credits are absent, with the reason.
 */
function gradedRow(
  table: CourseTable,
  row: {
    code: string | null;
    title: string;
    grade: string | null;
    values: readonly Token[];
    everyValuePlaced: boolean;
    value: (role: ColumnRole) => { text: string } | null;
    tokens: readonly Token[];
  },
): TableRow | null {
  const { code, title, grade, values, everyValuePlaced, value, tokens } = row;
  if (grade === null || !everyValuePlaced) return null;
  const credited = table.columns.some((c) => COUNTS.has(c.role));
  if (credited && (code === null || values.length !== 1)) return null;
  return {
    code,
    title: cleanTitle(title),
    credits: null,
    creditsAbsent: credited ? 'No credits value on the row' : 'The table has no credits column',
    grade,
    term: value('term')?.text ?? null,
    inProgress: false,
    creditsHeading: '',
    text: tokens.map((t) => t.text).join(' '),
  };
}

/**
 * A Course / Grade (/ Term) heading row with no credits or hours column (a high-school grid): its own cells, each a
 * heading word, naming the course and its grade. Read only where no table with credits is found.
 */
export function readGradeHeading(line: TextLine): CourseTable[] | null {
  if (line.cells.length < 2 || /\d{2}/.test(line.text)) return null;
  const { columns, known, unknown } = headingColumns(line);
  if (known < 2 || unknown > 0 || columns.some((c) => COUNTS.has(c.role) || c.role === 'points')) return null;
  if (!columns.some((c) => NAMES_COURSE.has(c.role)) || !columns.some((c) => c.role === 'grade')) return null;
  return [{ columns: settleRoles(columns), start: columns[0]!.x, limit: Infinity }];
}

/** The rows a line holds under a heading row: one per table beside another, none on a note or totals line. */
export function readCourseRows(line: TextLine, tables: readonly CourseTable[]): TableRow[] {
  if (TOTALS_LINE.test(line.text) && !tables.some((t) => rowOfTable({ ...line, text: '' }, t))) return [];
  return tables.flatMap((table) => rowOfTable(line, table) ?? []);
}

/**
 * A totals line's counted figure (the Earned column's, else Credits'), read from the column it lines up with under
 * the heading row: 'Cum Totals 47.000 40.000 …' gives 40.
 */
export function totalOfLine(line: TextLine, tables: readonly CourseTable[]): number | null {
  if (!TOTALS_LINE.test(line.text)) return null;
  for (const table of tables) {
    const target =
      table.columns.find((c) => c.role === 'earned') ??
      table.columns.find((c) => c.role === 'credits') ??
      table.columns.find((c) => c.role === 'attempted');
    if (!target) continue;
    const numbers = line.cells
      .flatMap(wordsOf)
      .filter((w) => NUMBER.test(w.text) && w.x >= table.start - 12 && w.x < table.limit);
    const hit = numbers.find((w) => distance(w, target) === 0);
    if (hit) return number(hit.text);
  }
  return null;
}

/**
 * A line that only continues the title of the row above (a wrapped title): text alone, inside the title column,
 * neither a label ('Instructor: …') nor a value.
 */
export function continuesTitle(line: TextLine, tables: readonly CourseTable[]): boolean {
  if (line.cells.length !== 1 || /:/.test(line.text) || /\d/.test(line.text) || TOTALS_LINE.test(line.text))
    return false;
  const cell = line.cells[0]!;
  return tables.some((t) => {
    const title = t.columns.find((c) => c.role === 'title');
    const afterTitle = t.columns.find((c) => title && c.x > title.x);
    return (
      title !== undefined && Math.abs(cell.x - title.x) < 6 && (!afterTitle || (cell.end ?? cell.x) < afterTitle.x)
    );
  });
}

/** A stacked cell stands at its index times this, as a tab-separated cell does. */
const STACKED_COLUMN = 1000;

function stackedLine(group: readonly TextLine[]): TextLine {
  const first = group[0]!;
  return {
    page: first.page,
    line: first.line,
    text: group.map((l) => l.text).join(' '),
    cells: group.map((l, index) => ({
      text: l.text,
      x: index * STACKED_COLUMN,
      end: index * STACKED_COLUMN + STACKED_COLUMN / 2,
    })),
  };
}

/**
 * A table whose every cell is a line of its own (a Word table or a layout that gives each cell its own paragraph):
 * a run of heading words one per line ('Course Code', 'Course Name', 'Credits', 'Grade'), then the cells of each row
 * in the same order. Each heading and each row is joined into one line, its cells placed by their index, so the table
 * reads as any other; a line that does not fit (a term heading) is kept as it is.
 */
export function joinStackedCells(lines: readonly TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (let i = 0; i < lines.length;) {
    let k = 0;
    while (
      i + k < lines.length &&
      lines[i + k]!.cells.length <= 1 &&
      roleOfPhrase(lines[i + k]!.text) !== null &&
      lines[i + k]!.text.length <= 30
    )
      k++;
    const heading = k >= 3 ? stackedLine(lines.slice(i, i + k)) : null;
    const tables = heading ? readCourseHeading(heading) : null;
    if (!heading || !tables || tables.length !== 1) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    out.push(heading);
    i += k;
    let misses = 0;
    while (i < lines.length && misses < 2) {
      const group = lines.slice(i, i + k);
      const row = group.length === k && group.every((l) => l.cells.length <= 1) ? stackedLine(group) : null;
      if (row && readCourseRows(row, tables).length === 1) {
        out.push(row);
        i += k;
        misses = 0;
      } else {
        out.push(lines[i]!);
        i++;
        misses++;
      }
    }
  }
  return out;
}

/** A row found without a heading row: its cells split into code, title and values. */
interface UnheadedRow {
  line: TextLine;
  code: string | null;
  title: string;
  values: string[];
}

function unheadedRow(line: TextLine): UnheadedRow | null {
  if (line.cells.length < 3 || TOTALS_LINE.test(line.text) || PAGE_FURNITURE.test(line.text) || /:/.test(line.text))
    return null;
  const cells = line.cells.map((c) => c.text);
  let code: string | null = null;
  let at = 0;
  if (SUBJECT.test(cells[0]!) && CATALOG_NUMBER.test(cells[1] ?? '')) {
    code = `${cells[0]} ${cells[1]}`;
    at = 2;
  } else if (COURSE_CODE.test(cells[0]!)) {
    code = cells[0]!;
    at = 1;
  }
  const title = cells[at];
  const values = cells.slice(at + 1);
  if (title === undefined || !/[A-Za-z]{3}/.test(title) || isValue(title) || values.length === 0) return null;
  if (!values.every((v) => isValue(v) || isGrade(v))) return null;
  if (!values.some((v) => NUMBER.test(v))) return null;
  return { line, code, title, values };
}

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Course rows of a table printed without a heading row (or with one in words the vocabulary lacks), found by columns
 * of like values: at least three lines of a title followed by the same number of value cells. A column of letter
 * grades (or of marks out of 100 when there is none) is the grade; the first column of small numbers (at most 30) is
 * the credits; other columns (class hours, grade points) are left out.
 */
export function readUnheadedRows(
  lines: readonly TextLine[],
): (Omit<TableRow, 'creditsHeading'> & { line: TextLine })[] {
  const candidates = lines.flatMap((l) => unheadedRow(l) ?? []);
  const counts = new Map<number, number>();
  for (const c of candidates) counts.set(c.values.length, (counts.get(c.values.length) ?? 0) + 1);
  const [width, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (count < 3) return [];
  const rows = candidates.filter((c) => c.values.length === width);
  const column = (i: number): string[] => rows.map((r) => r.values[i]!);
  const numeric = (i: number): number[] =>
    column(i)
      .filter((v) => NUMBER.test(v))
      .map(number);
  const indices = [...Array(width).keys()];
  const lettered = indices.find((i) => column(i).filter((v) => !NUMBER.test(v) && isGrade(v)).length * 2 > rows.length);
  const credits = indices.find(
    (i) =>
      i !== lettered && numeric(i).length === rows.length && Math.max(...numeric(i)) <= 30 && median(numeric(i)) > 0,
  );
  if (credits === undefined) return [];
  const marks =
    lettered ??
    indices.find(
      (i) =>
        i > credits && numeric(i).length === rows.length && Math.max(...numeric(i)) <= 100 && median(numeric(i)) >= 40,
    );
  return rows.map((r) => ({
    line: r.line,
    code: r.code,
    title: r.title,
    credits: number(r.values[credits]!),
    grade: marks === undefined ? null : cleanGrade(r.values[marks]!),
    term: null,
    inProgress: false,
    text: r.line.text,
  }));
}
