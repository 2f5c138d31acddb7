// Test-only: the analysis worker exactly as `npm run worker` starts it (worker.ts main(): the configuration from
// this process's environment), run from the TypeScript sources in a child process so a test can SIGKILL it mid-job.
// TypeScript is compiled on require by @swc/core with the Jest preset's options and the workspace path aliases.
//
// Usage: node apps/api/test/support/analysis-worker-process.cjs [--hold-after-phase N]
// --hold-after-phase N: after storing phase N's record the job never goes on (the worker still holds and renews its
// lock), so a test can kill the worker at a known point of the pipeline. Prints "ready" on stdout once it takes jobs.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const aliases = {
  '@app/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@app/domain': path.join(root, 'libs/domain/src/index.ts'),
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

// .tsx: the mail templates (React Email), which the worker loads to send the outbox's mails.
for (const extension of ['.ts', '.tsx']) {
  Module._extensions[extension] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: extension === '.tsx' },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    module._compile(code, filename);
  };
}

function holdAfterPhase(phase) {
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

const index = process.argv.indexOf('--hold-after-phase');
if (index > -1) holdAfterPhase(Number(process.argv[index + 1]));

require(path.join(root, 'apps/api/src/worker.ts'))
  .main()
  .then(() => process.stdout.write('ready\n'))
  .catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
