// Test-only, shared by the child processes a test can SIGKILL mid-analysis (api-process.cjs, analysis-worker-process.cjs):
// with `--hold-after-phase N` on the command line, the analysis never goes on after storing phase N's record (the
// process keeps running, holding its lock or beating its heartbeat), so the test can kill it at a known point.
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');

function holdAfterPhaseFromArgs(argv = process.argv) {
  const index = argv.indexOf('--hold-after-phase');
  if (index === -1) return;
  const phase = Number(argv[index + 1]);
  const { AnalysisRepository } = require(path.join(root, 'apps/api/src/analysis/analysis.repository.ts'));
  const storeRecord = AnalysisRepository.prototype.storeRecord;
  AnalysisRepository.prototype.storeRecord = async function (credentialId, number, results) {
    const stored = await storeRecord.call(this, credentialId, number, results);
    if (number === phase) {
      process.stdout.write(`holding after phase ${phase}\n`);
      await new Promise(() => undefined);
    }
    return stored;
  };
}

module.exports = { holdAfterPhaseFromArgs };
