import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { guessDocumentType } from '@app/domain';
import { Evaluation } from '../src/analysis/evaluation.entity';
import { evaluationWithDetails } from '../src/analysis/analysis.service';
import { evaluationFigures } from '../src/analysis/pipeline/analysis-pipeline.service';
import type { CorpusRunner } from './run-corpus';

/**
 * The real documents nobody here wrote (`../shared/real-documents/` beside the checkout, or REAL_DOCUMENTS_DIR), read
 * at run time and never copied into the project. Each is evaluated as a credential holding only that document, its
 * answer written as `GET /api/credentials/{id}/evaluation` would give it, and the folder's own judge (`score.py`)
 * scores them.
 */
export function realDocumentsDir(): string {
  if (process.env.REAL_DOCUMENTS_DIR) return resolve(process.env.REAL_DOCUMENTS_DIR);
  return resolve(repositoryRoot(), '..', 'shared', 'real-documents');
}

/** The checkout's root: the nearest folder above this file holding nx.json (this file runs compiled under dist/). */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

interface GoldDocument {
  file: string;
  kind: string;
}

interface JudgedField {
  field: string;
  ok: boolean;
  expected: unknown;
  got: unknown;
}

interface Judged {
  right: number;
  fields: number;
  documents: { file: string; kind: string; right: number; fields: number; details: JudgedField[] }[];
}

/** A judged field's family: one line per course row or instructor would say nothing; they are counted together. */
function fieldFamily(field: string): string {
  if (field.startsWith('course ')) return 'course row';
  if (field.startsWith('instructor ')) return 'instructor';
  return field;
}

const percent = (right: number, of: number): string => (of === 0 ? '-' : `${((100 * right) / of).toFixed(1)}%`);

/** Evaluates and scores the real documents; prints a line saying so and returns when the folder is not there. */
export async function scoreRealDocuments(
  runner: CorpusRunner,
  options: { verbose: boolean; only: readonly string[] },
): Promise<void> {
  const dir = realDocumentsDir();
  const goldFile = join(dir, 'gold.json');
  if (!existsSync(goldFile) || !existsSync(join(dir, 'score.py'))) {
    console.log(
      `\nReal documents: not scored, no gold.json and score.py in ${dir} (set REAL_DOCUMENTS_DIR to their folder).`,
    );
    return;
  }
  const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as GoldDocument[];
  const selected = gold.filter((d) => options.only.length === 0 || options.only.includes(d.file));
  if (selected.length === 0) return;
  const out = mkdtempSync(join(tmpdir(), 'real-documents-'));
  try {
    console.log(`\nReal documents (${dir}), each evaluated as a credential holding only that document:`);
    const seconds = new Map<string, number>();
    for (const document of selected) {
      const path = join(dir, document.file);
      if (!existsSync(path)) {
        console.log(`${document.file.padEnd(26)} missing from the folder`);
        continue;
      }
      const outcome = await runner.runBytes(readFileSync(path), {
        name: document.file,
        fileName: document.file,
        documentType: guessDocumentType(document.file),
      });
      seconds.set(document.file, outcome.milliseconds / 1000);
      const { combined, rigor, credits, certificate, leads } = outcome.result;
      const evaluation = Object.assign(
        new Evaluation(),
        evaluationFigures({ combined, rigor, credits, certificate, leads, notices: [] }),
      );
      const answer = evaluationWithDetails(evaluation, document.file, [
        { phase: 1, results: { documents: [outcome.reading], notices: [] } },
        { phase: 2, results: combined },
      ]);
      writeFileSync(join(out, `${document.file}.json`), JSON.stringify(answer, null, 2));
    }
    const resultsFile = join(out, 'results.json');
    const judgeOutput = execFileSync(
      'python3',
      [join(dir, 'score.py'), goldFile, out, '--json', resultsFile, ...(options.verbose ? ['--verbose'] : [])],
      { encoding: 'utf8' },
    );
    const judged = JSON.parse(readFileSync(resultsFile, 'utf8')) as Judged;
    // Documents left out by name are not judged (score.py counts a missing answer as all wrong).
    judged.documents = judged.documents.filter((d) => selected.some((s) => s.file === d.file));
    judged.right = judged.documents.reduce((n, d) => n + d.right, 0);
    judged.fields = judged.documents.reduce((n, d) => n + d.fields, 0);
    for (const d of judged.documents) {
      const time = seconds.has(d.file) ? `${seconds.get(d.file)!.toFixed(2).padStart(6)} s` : '  not run';
      console.log(`${d.file.padEnd(26)} ${d.kind.padEnd(12)} ${time}  ${d.right}/${d.fields} fields right`);
    }
    printRealScores(judged);
    if (options.verbose) console.log(`\nThe judge's report (score.py):\n${judgeOutput}`);
    else console.log(`(-- --verbose prints the judge's report of each wrong field)`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function printRealScores(judged: Judged): void {
  const byKind = new Map<string, Map<string, { right: number; of: number }>>();
  for (const d of judged.documents) {
    const fields = byKind.get(d.kind) ?? new Map<string, { right: number; of: number }>();
    byKind.set(d.kind, fields);
    for (const f of d.details) {
      const family = fieldFamily(f.field);
      const score = fields.get(family) ?? { right: 0, of: 0 };
      score.right += f.ok ? 1 : 0;
      score.of += 1;
      fields.set(family, score);
    }
  }
  console.log('\nReal documents, fields right per kind and field:');
  for (const [kind, fields] of byKind) {
    const right = [...fields.values()].reduce((n, s) => n + s.right, 0);
    const of = [...fields.values()].reduce((n, s) => n + s.of, 0);
    console.log(`${kind.padEnd(32)} ${`${right}/${of}`.padStart(7)}  ${percent(right, of).padStart(6)}`);
    for (const [field, s] of fields)
      console.log(`  ${field.padEnd(30)} ${`${s.right}/${s.of}`.padStart(7)}  ${percent(s.right, s.of).padStart(6)}`);
  }
  console.log(
    `${'ALL real documents'.padEnd(32)} ${`${judged.right}/${judged.fields}`.padStart(7)}  ${percent(judged.right, judged.fields).padStart(6)}`,
  );
}
