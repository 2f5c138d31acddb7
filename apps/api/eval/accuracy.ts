import { LocalDocumentAnalyzer } from '../src/analysis/analyzers/local-document-analyzer';
import { OpenAiDocumentAnalyzer } from '../src/analysis/analyzers/openai-document-analyzer';
import { loadConfig } from '../src/config/app-config';
import { CORPUS, readGold } from '../test/corpus/documents';
import { startOpenAiStandIn, SYLLABUS_MODEL_ANSWER, type OpenAiStandIn } from '../test/support/openai-stand-in';
import { scoreRealDocuments } from './real-documents';
import { CorpusRunner } from './run-corpus';
import { actualOf, formatScores, scoreDocument, totals, type Scores } from './score';

/**
 * npm run eval:accuracy: every corpus document read and evaluated, each field compared with its gold file;
 * prints precision and recall per field and the time each document took. `-- --verbose` also prints the misses.
 * By default it scores the local readers; `-- --openai` scores the OpenAI analyzer (its answers checked against the
 * document text, as in the worker) with OPENAI_API_KEY, OPENAI_MODEL and OPENAI_BASE_URL; `-- --openai-stand-in`
 * scores the same path against the e2e tests' local stand-in, which answers its syllabus reading for every document:
 * a model wrong on all the others, so the figures measure what the cross-check against the text keeps out.
 * Then the real documents in `../shared/real-documents/` (or REAL_DOCUMENTS_DIR) are evaluated and scored by that
 * folder's judge, score.py, and printed separately (a run without the folder says so). Names after `--` pick
 * documents of either set.
 */
async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const standIn = process.argv.includes('--openai-stand-in')
    ? await startOpenAiStandIn(() => ({ content: JSON.stringify(SYLLABUS_MODEL_ANSWER) }))
    : null;
  const runner = new CorpusRunner(analyzer(process.argv.includes('--openai'), standIn));
  const scores: Scores = new Map();
  const byKind = new Map<string, Scores>();
  try {
    console.log("The project's own corpus (made in code, apps/api/test/corpus):");
    for (const document of CORPUS.filter((d) => only.length === 0 || only.includes(d.name))) {
      const outcome = await runner.run(document);
      const gold = readGold(document.name);
      const own: Scores = new Map();
      const actual = actualOf(outcome);
      scoreDocument(own, gold, actual);
      scoreDocument(scores, gold, actual);
      const kind = gold.kind ?? document.documentType;
      if (!byKind.has(kind)) byKind.set(kind, new Map());
      scoreDocument(byKind.get(kind)!, gold, actual);
      const t = totals(own);
      const fellBack = outcome.reading.fallbackReason
        ? `  (local: ${outcome.reading.fallbackReason.slice(0, 80)})`
        : '';
      console.log(
        `${document.name.padEnd(26)} ${outcome.reading.method.padEnd(9)} ${(outcome.milliseconds / 1000).toFixed(2).padStart(6)} s  ${t.tp} right, ${t.fp} wrong, ${t.fn} missed${fellBack}`,
      );
      if (verbose && (t.fp > 0 || t.fn > 0)) {
        console.log(`  expected ${JSON.stringify(gold)}\n  actual   ${JSON.stringify(actual)}`);
      }
    }
    // Printed before the readers close: their processes are not kept waited on, so Node may exit once they stop.
    console.log(`\n${formatScores(scores)}`);
    console.log("\nThe project's own corpus, fields right per kind:");
    for (const [kind, kindScores] of byKind) {
      const t = totals(kindScores);
      const of = t.tp + Math.max(t.fp, t.fn);
      console.log(`${kind.padEnd(20)} ${`${t.tp}/${of}`.padStart(7)}  ${of ? ((100 * t.tp) / of).toFixed(1) : '-'}%`);
    }
    await scoreRealDocuments(runner, { verbose, only });
  } finally {
    await runner.close();
    await standIn?.close();
  }
}

function analyzer(openai: boolean, standIn: OpenAiStandIn | null) {
  const local = new LocalDocumentAnalyzer();
  if (standIn) {
    console.log(
      'Scoring the OpenAI analyzer against the local stand-in, which gives the same syllabus reading for every document:',
    );
    console.log('this measures the cross-check against the text, not a model.\n');
    return new OpenAiDocumentAnalyzer({ apiKey: 'sk-stand-in', model: 'stand-in', baseUrl: standIn.baseUrl }, local);
  }
  if (!openai) {
    console.log(
      'Scoring the local readers (-- --openai scores the OpenAI analyzer, -- --openai-stand-in the local stand-in).\n',
    );
    return local;
  }
  const { apiKey, model, baseUrl } = loadConfig().openai;
  if (!apiKey) throw new Error('--openai needs OPENAI_API_KEY (and optionally OPENAI_MODEL, OPENAI_BASE_URL)');
  console.log(
    `Scoring the OpenAI analyzer: ${model}${baseUrl ? ` at ${baseUrl}` : ''}, answers checked against the text.\n`,
  );
  return new OpenAiDocumentAnalyzer({ apiKey, model, baseUrl }, local);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
