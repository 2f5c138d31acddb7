import type { DocumentReading, evaluateReadings } from '@app/domain';
import type { Gold } from '../test/corpus/documents';

/** Counts for one field over the corpus: right (true positive), read but wrong or extra (false positive), missed (false negative). */
export interface FieldScore {
  tp: number;
  fp: number;
  fn: number;
}

export type Scores = Map<string, FieldScore>;

function add(scores: Scores, field: string, delta: Partial<FieldScore>): void {
  const score = scores.get(field) ?? { tp: 0, fp: 0, fn: 0 };
  score.tp += delta.tp ?? 0;
  score.fp += delta.fp ?? 0;
  score.fn += delta.fn ?? 0;
  scores.set(field, score);
}

/** One value: right, wrong (a false positive and a miss), read where the gold has none, or missed. */
function scoreValue(scores: Scores, field: string, expected: unknown, actual: unknown): void {
  const none = (v: unknown): boolean => v === null || v === undefined;
  if (none(expected) && none(actual)) return;
  if (JSON.stringify(expected) === JSON.stringify(actual)) return add(scores, field, { tp: 1 });
  add(scores, field, { fp: none(actual) ? 0 : 1, fn: none(expected) ? 0 : 1 });
}

function scoreSet(scores: Scores, field: string, expected: readonly string[], actual: readonly string[]): void {
  const want = new Set(expected);
  const got = new Set(actual);
  add(scores, field, {
    tp: [...got].filter((v) => want.has(v)).length,
    fp: [...got].filter((v) => !want.has(v)).length,
    fn: [...want].filter((v) => !got.has(v)).length,
  });
}

const dash = (v: string | number | null | undefined): string => (v === null || v === undefined ? '-' : String(v));

export interface Outcome {
  reading: DocumentReading;
  result: ReturnType<typeof evaluateReadings>;
}

/** What the analysis concluded, in the gold file's shape. */
export function actualOf({ reading, result }: Outcome): Gold {
  const t = reading.signals.transcript;
  return {
    kind: reading.signals.kind ?? reading.documentType,
    transcript: t
      ? {
          institution: t.institution,
          student: t.student,
          program: t.program,
          awardDate: t.awardDate,
          creditSystem: t.creditSystem,
          quarterCredits: t.quarterCredits,
          courses: t.courses.map((c) =>
            [dash(c.term), dash(c.code), c.title, dash(c.credits), dash(c.grade)].join(' | '),
          ),
        }
      : undefined,
    contactHours: result.combined.contactHours,
    totalCredits: result.credits.totalCredits,
    equivalencies: result.credits.courseEquivalencies.map(
      (e) => `${e.originalCourse} => ${e.equivalentCourse} (${e.credits})`,
    ),
    criteria: { ...result.rigor.criteria },
    certificate: { ...result.certificate.certificateDetails },
    contacts: result.leads.leadContacts.map((c) => [c.name, dash(c.title), c.email, dash(c.organization)].join(' | ')),
  };
}

/** Scores every field the gold lists; fields the gold leaves out are not scored. */
export function scoreDocument(scores: Scores, gold: Gold, actual: Gold): void {
  if (gold.kind !== undefined) scoreValue(scores, 'kind', gold.kind, actual.kind);
  if (gold.transcript) {
    for (const [field, expected] of Object.entries(gold.transcript)) {
      const got = (actual.transcript as Record<string, unknown> | undefined)?.[field];
      if (field === 'courses')
        scoreSet(scores, 'transcript.course row', expected as string[], (got as string[] | undefined) ?? []);
      else scoreValue(scores, `transcript.${field}`, expected, got ?? null);
    }
  }
  if (gold.contactHours !== undefined) scoreValue(scores, 'contactHours', gold.contactHours, actual.contactHours);
  if (gold.totalCredits !== undefined)
    scoreValue(scores, 'totalCredits (quarter credits)', gold.totalCredits, actual.totalCredits);
  if (gold.equivalencies) scoreSet(scores, 'course equivalency', gold.equivalencies, actual.equivalencies ?? []);
  for (const [criterion, expected] of Object.entries(gold.criteria ?? {}))
    scoreValue(scores, `criterion.${criterion}`, expected, actual.criteria?.[criterion]);
  for (const [field, expected] of Object.entries(gold.certificate ?? {}))
    scoreValue(scores, `certificate.${field}`, expected, actual.certificate?.[field] ?? null);
  if (gold.contacts) scoreSet(scores, 'contact', gold.contacts, actual.contacts ?? []);
}

export function totals(scores: Scores): FieldScore {
  return [...scores.values()].reduce((sum, s) => ({ tp: sum.tp + s.tp, fp: sum.fp + s.fp, fn: sum.fn + s.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
}

const pct = (n: number, d: number): string => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

export function formatScores(scores: Scores): string {
  const rows = [...scores.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([f]) => f.length), 5);
  const lines = [`${'field'.padEnd(width)}  precision  recall  right/wrong/missed`];
  for (const [field, s] of rows)
    lines.push(
      `${field.padEnd(width)}  ${pct(s.tp, s.tp + s.fp)}   ${pct(s.tp, s.tp + s.fn)}  ${s.tp}/${s.fp}/${s.fn}`,
    );
  const t = totals(scores);
  lines.push(`${'ALL'.padEnd(width)}  ${pct(t.tp, t.tp + t.fp)}   ${pct(t.tp, t.tp + t.fn)}  ${t.tp}/${t.fp}/${t.fn}`);
  lines.push(
    `fields right: ${pct(t.tp, t.tp + Math.max(t.fp, t.fn))} (right / (right + the larger of wrong and missed))`,
  );
  return lines.join('\n');
}
