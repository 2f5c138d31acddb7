// Test-only: the analysis worker exactly as `npm run worker` starts it (worker.ts main(): the configuration from
// this process's environment), run from the TypeScript sources in a child process so a test can SIGKILL it mid-job.
// TypeScript is compiled on require by tools/testing/register-ts.cjs.
//
// Usage: node apps/api/test/support/analysis-worker-process.cjs [--hold-after-phase N]
// --hold-after-phase N: after storing phase N's record the job never goes on (the worker still holds and renews its
// lock), so a test can kill the worker at a known point of the pipeline. Prints "ready" on stdout once it takes jobs.
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');
require(path.join(root, 'tools/testing/register-ts.cjs'));

require('./hold-after-phase.cjs').holdAfterPhaseFromArgs();

require(path.join(root, 'apps/api/src/worker.ts'))
  .main()
  .then(() => process.stdout.write('ready\n'))
  .catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
