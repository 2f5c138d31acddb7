import type { TranscriptCourse, TranscriptSummary } from '@app/contracts';
import { findDates } from './dates';
import { creditRule, detectCreditSystem, toQuarterCredits } from './credit-system';
import { evidenceOf } from './evidence';
import type { TextLine } from './positioned-lines';
import {
  continuesTitle,
  joinStackedCells,
  readCourseHeading,
  readCourseRows,
  readGradeHeading,
  readUnheadedRows,
  totalOfLine,
  TOTALS_LINE,
  type CourseTable,
} from './course-table';

/**
 * Reads a transcript: who issued it, to whom, for which program and when, and one row per course. Course rows come
 * from the tables found under heading rows (course-table.ts: any order of columns, tables side by side, Attempted
 * beside Earned, rows in progress); term headings set the term of the rows under them; totals lines are checked
 * against the rows, never read as courses; a transcript without a table ('PSY 101 Ethics - 3 credits - Grade: A') is
 * read line by line.
 */

/** A term heading: 'Fall 2022', '2019 Fall', 'Semester 1, 2023', '2023/24', 'Term: Spring Quarter 2024'. */
const TERM =
  /^(?:(?:term|semester|session|period)\s*:?\s*)?(?:(?:fall|autumn|spring|summer|winter)(?:\s+(?:semester|quarter|term|session))?\s+\d{4}(?:\s*\/\s*\d{2,4})?|\d{4}\s+(?:fall|autumn|spring|summer|winter)(?:\s+(?:semester|quarter|term|session))?|(?:semester|term|trimester|year|quarter)\s+[1-4IV]+\s*(?:[,-]\s*)?\d{4}(?:\s*[/-]\s*\d{2,4})?|(?:academic\s+year\s+)?\d{4}\s*[/-]\s*\d{2,4}(?:\s+(?:semester|term)\s+\d)?)$/i;

const CREDIT_UNIT =
  '((?:semester|quarter|contact|clock|ECTS|UK)?\\s*(?:credit\\s+)?(?:credits?|hours?|hrs|units?|ECTS))';
/** After the credits: 'Final grade: A', 'grade B+', or a bare grade ending the line ('- A'). */
const GRADE_AFTER =
  '(?:\\s*[-–—,|:;]\\s*(?:(?:final\\s+)?grade\\s*:?\\s*([A-Z][+-]?|\\w+)|([A-F][+-]?|P|S|U|W|CR|NC|IP|PASS|FAIL|\\d{2,3}%?)\\s*$))?';
/** 'PSY 101 Introduction to Psychology - 40 contact hours - Final grade: A' and the like, for transcripts without a table. */
const INLINE_ROW = new RegExp(
  `^([A-Z]{2,6}[ -]?[A-Z]?(?:\\d{2,4}|\\d[A-Z]\\d{1,3})[A-Z]?)[:.]?\\s+(.+?)\\s*[-–—,|(]\\s*(\\d{1,3}(?:\\.\\d{1,2})?)\\s*${CREDIT_UNIT}\\)?${GRADE_AFTER}`,
  'i',
);
/** The title first: 'Introduction to Psychology (PSY 101) – 4 quarter hours – A'. */
const TITLE_FIRST_ROW = new RegExp(
  `^(.+?)\\s*\\(([A-Z]{2,6}[ -]?[A-Z]?(?:\\d{2,4}|\\d[A-Z]\\d{1,3})[A-Z]?)\\)\\s*[-–—,|:]\\s*(\\d{1,3}(?:\\.\\d{1,2})?)\\s*${CREDIT_UNIT}${GRADE_AFTER}`,
  'i',
);

/** A worded row's parts, from either shape: the two differ only in whether the code or the title comes first. */
function inlineRow(
  text: string,
): { code: string; title: string; credits: number; unit: string; grade: string | null } | null {
  const codeFirst = INLINE_ROW.exec(text);
  const titleFirst = codeFirst ? null : TITLE_FIRST_ROW.exec(text);
  const match = codeFirst ?? titleFirst;
  if (!match) return null;
  const [, first, second, credits, unit, grade, bareGrade] = match;
  const [code, title] = codeFirst ? [first!, second!] : [second!, first!];
  return { code, title: title.trim(), credits: Number(credits), unit: unit!, grade: grade ?? bareGrade ?? null };
}

/** A row written as one run of words: a code, a title, the credits, then a grade (letter, pass/fail or a mark). */
const SHAPED_ROW =
  /^([A-Z]{2,6}[ -]?[A-Z]?(?:\d{2,4}|\d[A-Z]\d{1,3})[A-Z]?)\s+(?:[-–—:]\s+)?(.*?[A-Za-z]{2}.*?)\s+(\d{1,2}(?:[.,]\d{1,2})?)(?:\s+([A-F][+-]?|[A-D][A-D]|F[DF]|P|S|U|W|CR|NC|IP|PASS|FAIL|\d{2,3}(?:\.\d)?%?))?(?:\s+(\d{4}\s*[/-]\s*\d{1,2}|(?:Fall|Spring|Summer|Winter|Autumn|Spr|Fa|Sp|Su|Wi)\s+\d{4}))?$/;

/**
 * A graded line without credits: 'Course: Algebra II - Grade: A', 'Course: MATH 101 Algebra - Final grade: B+'. Its
 * credits are absent, never guessed.
 */
const GRADED_LINE =
  /^(?:course|subject|class)(?:\s+title)?\s*:\s*(?:([A-Z]{2,6}[ -]?[A-Z]?(?:\d{2,4}|\d[A-Z]\d{1,3})[A-Z]?)\s+(?:[-–—:]\s+)?)?(.*?[A-Za-z]{2}.*?)\s*[-–—,|;]\s*(?:final\s+)?grade\s*:\s*([A-F][+-]?|P|S|U|W|CR|NC|IP|PASS|FAIL|\d{2,3}%?)\s*$/i;

const LABELS = {
  student: /^(?:student(?:'s)?(?:\s+name)?|name(?:\s+of\s+student)?|name|learner|student\s*\/\s*name)$/i,
  program:
    /^(?:program(?:me)?|degree(?:\s+program(?:me)?)?|major|course\s+of\s+study|degree\s+awarded|award|qualification|field\s+of\s+study)$/i,
  /** The issuer named by a label: 'Name of institution:', 'Sending institution:', 'Issued by:' (a fallback). */
  institution:
    /^(?:(?:name\s+of\s+(?:the\s+)?)?(?:home\s+|sending\s+|issuing\s+|awarding\s+)?(?:institution|university|college|school)(?:\s+name)?|issued\s+by)$/i,
  familyName: /^(?:last|family|sur)\s*name(?:\(s\)|s)?$/i,
  givenName: /^(?:first|given|fore)\s*name(?:\(s\)|s)?$/i,
  awardDate:
    /^(?:degree\s+conferred|degree\s+awarded|date\s+conferred|conferral\s+date|conferred|date\s+awarded|award(?:ed)?\s+date|date\s+of\s+award|graduation\s+date|date\s+of\s+graduation|completion\s+date|date\s+of\s+completion|date\s+completed)$/i,
};
const LABELLED = /^([A-Za-z' /()]+?)\s*:\s*(.*)$/;
/** Another label on the same cell ends a value: 'Student: Jane Doe Student ID: 123'. */
const NEXT_LABEL =
  /\s+(?:student\s+)?(?:id|number|no\.?|date(?:\s+of\s+birth)?|dob|ssn|program|degree|major|page)\s*:.*$/i;

/** The first value under a label that `accept` takes ('Degree Awarded:' names a program on one transcript, a date on another). */
function labelled(
  lines: readonly TextLine[],
  label: RegExp,
  accept: (value: string) => boolean = () => true,
): { value: string; line: TextLine } | null {
  for (const line of lines) {
    const cells = line.cells.length > 0 ? line.cells : [{ text: line.text, x: 0 }];
    for (const [i, cell] of cells.entries()) {
      const next = cells[i + 1];
      const [, name, given] = LABELLED.exec(cell.text) ?? [];
      const bare = label.test(cell.text.replace(/:$/, '').trim());
      if (name !== undefined && label.test(name.trim())) {
        const value = ((given ?? '').trim() || (next && !LABELLED.test(next.text) ? next.text : ''))
          .replace(NEXT_LABEL, '')
          .trim();
        if (value && accept(value)) return { value, line };
      } else if (bare && cell.text.endsWith(':') && next) {
        const value = next.text.replace(NEXT_LABEL, '').trim();
        if (accept(value)) return { value, line };
      }
    }
  }
  return null;
}

/**
 * Labels run together in one cell ('Student ID:12345670 Name: WU TONG Gender: Female …'): the name is the words
 * after 'Name:' up to the next label.
 */
const INLINE_STUDENT =
  /(?:^|\s)(?:[Ss]tudent(?:'s)?\s+)?[Nn]ame\s*:\s*([A-Z][A-Za-z.'-]*(?:,?\s+[A-Z][A-Za-z.'-]*){0,4}?)(?=\s+[A-Z][a-z]+(?:\s+[a-z]+){0,3}\s*:|\s*$)/;

function labelledInRun(lines: readonly TextLine[], pattern: RegExp): { value: string; line: TextLine } | null {
  for (const line of lines) {
    const value = pattern.exec(line.text)?.[1];
    if (value) return { value, line };
  }
  return null;
}

/** 'Smith, Jordan A.' -> 'Jordan A. Smith'. */
function personName(value: string): string {
  const [, family, given] = /^([A-Z][A-Za-z'-]+),\s*([A-Z][A-Za-z.' -]+)$/.exec(value.trim()) ?? [];
  return family !== undefined && given !== undefined ? `${given.trim()} ${family}` : value.trim();
}

const INSTITUTION =
  /((?:[A-Z][\w&'.-]*\s+(?:of\s+|for\s+|and\s+|&\s+|the\s+|de\s+)*)*(?:University|College|Institute|Academy|School|Universit[äé]t?|Hochschule|Polytechnic|Seminary|Conservatory)\b(?:\s+(?:of|for|and|&|the|de|in)(?:\s+[A-Z][\w&'.-]*)+)*)/;

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])([a-z]*)/g, (word, first: string, rest: string) =>
      /^(?:of|for|and|the|in|de)$/.test(word) ? word : first.toUpperCase() + rest,
    );
}

/** Words that say what kind of school or record a title is about, never which school ('Official High School Transcript'). */
const GENERIC_SCHOOL_WORDS =
  /^(?:official|unofficial|academic|high|middle|secondary|senior|junior|elementary|primary|public|private|graduate|undergraduate|community|the|of|for|and|&|university|college|institute|academy|school|universit[äé]t?|hochschule|polytechnic|seminary|conservatory)$/i;

/** An institution's name has a word of its own beside the generic ones ('Official High School' names none). */
function namesAnInstitution(name: string): boolean {
  return name.split(/\s+/).some((word) => !GENERIC_SCHOOL_WORDS.test(word));
}

/** A line about another institution than the issuer: degrees held elsewhere, transfer credit, prior study. */
const OTHER_INSTITUTION =
  /\b(?:external|transfer(?:red)?|previous(?:ly)?|prior|other\s+institutions?|attended|exchange|formerly|test\s+credits?)\b/i;
/** A title naming the issuer beside the word transcript: 'Unofficial Transcript - UT-Dallas', 'Acme Tech — Transcript'. */
const TITLE_ISSUER =
  /^(?:(?:un)?official\s+|academic\s+)*transcript(?:\s+of\s+records)?\s*[-–—:|]\s*(.+)$|^(.+?)\s*[-–—:|]\s*(?:(?:un)?official\s+|academic\s+)*transcript\b/i;

/**
 * The issuer: from the letterhead or the title block at the top of the first page (an institution's name, or the name
 * a title puts beside the word transcript), never from a line about another institution (an 'External Degrees' or
 * 'Transfer Credit' block names where the student studied before, not who issued the record).
 */
export function institutionOf(lines: readonly TextLine[]): { value: string; line: TextLine } | null {
  const top = lines.filter((l) => l.page === lines[0]?.page).slice(0, 12);
  let blockAboutOthers = 0;
  for (const line of top) {
    if (OTHER_INSTITUTION.test(line.text)) {
      // The heading and the lines of its block (a name, then a degree and date) are about somewhere else.
      blockAboutOthers = line.text.split(/\s+/).length <= 3 && !/:\s*\S/.test(line.text) ? 2 : 0;
      continue;
    }
    if (blockAboutOthers > 0) {
      blockAboutOthers--;
      continue;
    }
    if (/registrar\s*:|signed|certif/i.test(line.text)) continue;
    const text = line.text.replace(/^(?:the|official transcript\s*[-–:]?)\s+/i, '');
    const m = INSTITUTION.exec(/[a-z]/.test(text) ? text : titleCase(text));
    const name = m?.[1];
    if (m && name !== undefined && namesAnInstitution(name)) {
      // 'Kingsbridge College London': a single place name that ends the line belongs to the name.
      const after = text.slice(m.index + name.length);
      const place = /^\s+([A-Z][a-z]+)\s*$/.exec(after)?.[1];
      return { value: `${name.replace(/\s+(?:of|for|and|the)$/i, '').trim()}${place ? ` ${place}` : ''}`, line };
    }
    const titled = TITLE_ISSUER.exec(line.text);
    const issuer = (titled?.[1] ?? titled?.[2])?.trim();
    if (issuer && /^[A-Z]/.test(issuer) && issuer.split(/\s+/).length <= 6 && !/\d{3}/.test(issuer))
      return { value: issuer, line };
  }
  return null;
}

export interface TranscriptReading extends TranscriptSummary {
  /** The total the transcript states, when it states one, to cross-check the rows against. */
  statedTotal: number | null;
}

const TOTAL =
  /\b(?:total|cumulative|overall)\s+(?:credits?|hours|units|ects)(?:\s+earned)?\s*:?\s*(\d{1,4}(?:\.\d{1,2})?)/i;

export function readTranscript(document: string, given: readonly TextLine[]): TranscriptReading {
  const lines = joinStackedCells(given);
  const text = lines.map((l) => l.text).join('\n');
  const rows: {
    line: TextLine;
    /** The lines a wrapped title continues on. */
    lines?: TextLine[];
    code: string | null;
    title: string;
    /** Null when the row states no credits (a graded row of a Course / Grade table): absent, never guessed. */
    credits: number | null;
    creditsAbsent?: string;
    grade: string | null;
    term: string | null;
    inProgress?: boolean;
    text?: string;
    unit?: string;
  }[] = [];
  let tables: CourseTable[] | null = null;
  let term: string | null = null;
  let creditsHeading = '';
  let previousWasRow = false;
  const totals: number[] = [];
  for (const line of lines) {
    const heading = readCourseHeading(line);
    if (heading) {
      tables = heading;
      previousWasRow = false;
      continue;
    }
    const termText = line.text.replace(/^(?:term|semester|session)\s*:\s*/i, '');
    if (TERM.test(line.text) || (/^(?:term|semester|session)\s*:/i.test(line.text) && TERM.test(termText))) {
      term = termText.trim();
      previousWasRow = false;
      continue;
    }
    if (tables) {
      const found = readCourseRows(line, tables);
      if (found.length > 0) {
        for (const row of found) {
          rows.push({ line, ...row, term: row.term ?? term });
          creditsHeading ||= row.creditsHeading;
        }
        previousWasRow = true;
        continue;
      }
      const total = totalOfLine(line, tables);
      if (total !== null) totals.push(total);
      // A wrapped title continues under the row it belongs to; a note ('Instructor: …') and its lines do not.
      const last = rows[rows.length - 1];
      if (previousWasRow && last && continuesTitle(line, tables)) {
        last.title = `${last.title} ${line.text}`;
        (last.lines ??= []).push(line);
        continue;
      }
      previousWasRow = false;
    }
    const worded = inlineRow(line.text);
    if (worded) rows.push({ line, ...worded, term });
    const graded = worded ? null : GRADED_LINE.exec(line.text);
    if (graded) {
      const [, code, title, grade] = graded;
      rows.push({
        line,
        code: code ?? null,
        title: title!.trim(),
        credits: null,
        creditsAbsent: 'No credits value on the line',
        grade: grade!.toUpperCase(),
        term,
      });
    }
  }
  // No heading row and no worded rows: lines shaped as rows ('PSY 101 Introduction to Psychology 4.0 A'), when at
  // least two lines of the document have that shape.
  if (rows.length === 0) {
    const shaped = lines.flatMap((line) => {
      const m = SHAPED_ROW.exec(line.text);
      return m && !TOTALS_LINE.test(line.text) ? [{ line, m }] : [];
    });
    if (shaped.length >= 2) {
      let shapedTerm: string | null = null;
      for (const line of lines) {
        if (TERM.test(line.text)) shapedTerm = line.text.trim();
        const found = shaped.find((s) => s.line === line);
        if (!found) continue;
        // Layout feature: the term written at the end of the row ('… 4.0 B 2023/1') rather than as a heading.
        const [, code, title, credits, grade, rowTerm] = found.m;
        rows.push({
          line,
          code: code ?? null,
          title: (title ?? '').trim(),
          credits: Number((credits ?? '').replace(',', '.')),
          grade: grade ?? null,
          term: rowTerm ?? shapedTerm,
        });
      }
    }
  }
  // No heading row anywhere: a table found by its columns of like values (a title, then the same values on each line).
  if (rows.length === 0 && !lines.some((l) => readCourseHeading(l))) {
    let unheadedTerm: string | null = null;
    const found = new Map(readUnheadedRows(lines).map((r) => [r.line, r]));
    for (const line of lines) {
      if (TERM.test(line.text)) unheadedTerm = line.text.trim();
      const row = found.get(line);
      if (row) rows.push({ ...row, term: unheadedTerm });
    }
  }
  // Nothing read yet: a Course / Grade (/ Term) table without a credits column (a high-school grid); its rows are
  // listed with their grades and their credits absent.
  if (rows.length === 0) {
    let gradeTables: CourseTable[] | null = null;
    let gradeTerm: string | null = null;
    for (const line of lines) {
      const heading = readGradeHeading(line);
      if (heading) {
        gradeTables = heading;
        continue;
      }
      if (TERM.test(line.text)) {
        gradeTerm = line.text.trim();
        continue;
      }
      if (!gradeTables) continue;
      for (const row of readCourseRows(line, gradeTables))
        if (row.credits === null) rows.push({ line, ...row, term: row.term ?? gradeTerm });
    }
  }
  const system = detectCreditSystem(text, creditsHeading || rows.find((r) => r.unit)?.unit || '');
  const rule = creditRule(system, text);
  const courses: TranscriptCourse[] = rows.map((r) => ({
    term: r.term,
    code: r.code,
    title: r.title,
    credits: r.credits,
    ...(r.creditsAbsent ? { creditsAbsent: r.creditsAbsent } : {}),
    grade: r.grade,
    // A course in progress (a grade column, no grade yet) earns nothing until it is graded; nor does a row without
    // credits, which no total counts.
    quarterCredits: r.inProgress || r.credits === null ? 0 : toQuarterCredits(r.credits, rule, r.grade),
    // The row's own cells: a line holding two tables side by side quotes only the row the figure is read from.
    // A wrapped title's quote goes on with the lines its title continues on.
    evidence: evidenceOf(document, {
      ...r.line,
      text: [r.text ?? r.line.text, ...(r.lines ?? []).map((l) => l.text)].join(' '),
    }),
  }));

  const institution = institutionOf(lines) ?? labelled(lines, LABELS.institution);
  // A record of separate name fields ('Last name(s): Meyer', 'First name(s): Anna') gives 'Anna Meyer'.
  const family = labelled(lines, LABELS.familyName);
  const givenName = family ? labelled(lines, LABELS.givenName) : null;
  const student =
    labelled(lines, LABELS.student) ??
    labelledInRun(lines, INLINE_STUDENT) ??
    (family && givenName ? { value: `${givenName.value} ${family.value}`, line: family.line } : null);
  const datePresent = (value: string): boolean => findDates(value).length > 0;
  const program = labelled(lines, LABELS.program, (value) => !datePresent(value));
  const award = labelled(lines, LABELS.awardDate, datePresent);
  const awardDate = award ? (findDates(award.value)[0] ?? null) : null;
  const systemLine = lines.find(
    (l) =>
      /credit|hours|ECTS/i.test(l.text) &&
      !rows.some((r) => r.line === l) &&
      detectCreditSystem(l.text) === system &&
      /semester|quarter|clock|contact|ECTS|UK|CATS/i.test(l.text),
  );
  const total = lines.map((l) => ({ l, m: TOTAL.exec(l.text) })).find((t) => t.m);
  const evidence: TranscriptSummary['evidence'] = {};
  const put = (key: keyof TranscriptSummary['evidence'], found: { line: TextLine } | null | undefined): void => {
    if (found) evidence[key] = evidenceOf(document, found.line);
  };
  put('institution', institution);
  put('student', student);
  put('program', program);
  put('awardDate', awardDate ? award : null);
  put('creditSystem', systemLine ? { line: systemLine } : null);

  return {
    institution: institution?.value ?? null,
    student: student ? personName(student.value) : null,
    program: program?.value ?? null,
    awardDate,
    creditSystem: system,
    creditRule: rule.description,
    courses,
    quarterCredits: Math.round(courses.reduce((sum, c) => sum + c.quarterCredits, 0) * 100) / 100,
    evidence,
    // The last cumulative total printed under the table, else a 'Total credits: N' line.
    statedTotal: totals.length > 0 ? totals[totals.length - 1]! : total?.m ? Number(total.m[1]) : null,
  };
}
