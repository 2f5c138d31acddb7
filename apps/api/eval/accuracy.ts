import { CORPUS, readGold } from '../test/corpus/documents';
import { CorpusRunner } from './run-corpus';
import { actualOf, formatScores, scoreDocument, totals, type Scores } from './score';

/**
 * npm run eval:accuracy: every corpus document read and evaluated, each field compared with its gold file;
 * prints precision and recall per field and the time each document took. `-- --verbose` also prints the misses.
 */
async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const runner = new CorpusRunner();
  const scores: Scores = new Map();
  try {
    for (const document of CORPUS.filter((d) => only.length === 0 || only.includes(d.name))) {
      const outcome = await runner.run(document);
      const gold = readGold(document.name);
      const own: Scores = new Map();
      const actual = actualOf(outcome);
      scoreDocument(own, gold, actual);
      scoreDocument(scores, gold, actual);
      const t = totals(own);
      console.log(`${document.name.padEnd(26)} ${outcome.reading.method.padEnd(9)} ${(outcome.milliseconds / 1000).toFixed(2).padStart(6)} s  ${t.tp} right, ${t.fp} wrong, ${t.fn} missed`);
      if (verbose && (t.fp > 0 || t.fn > 0)) {
        console.log(`  expected ${JSON.stringify(gold)}\n  actual   ${JSON.stringify(actual)}`);
      }
    }
  } finally {
    await runner.close();
  }
  console.log(`\n${formatScores(scores)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
