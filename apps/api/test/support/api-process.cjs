// Test-only: the whole API (as main.ts builds it, without Redis unless REDIS_URL is set) in a child process, so a test
// can SIGKILL an API instance in the middle of an analysis. The configuration comes from this process's environment
// (DATABASE_URL and S3_* required). TypeScript is compiled on require by tools/testing/register-ts.cjs.
//
// Usage: node apps/api/test/support/api-process.cjs [--hold-after-phase N]
// --hold-after-phase N: after storing phase N's record the analysis never goes on (the process keeps running and
// beating), so a test can kill it at a known point. Prints "ready <port>" on stdout once it listens on 127.0.0.1.
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');
require(path.join(root, 'tools/testing/register-ts.cjs'));
require('reflect-metadata');

require('./hold-after-phase.cjs').holdAfterPhaseFromArgs();

async function main() {
  const { loadConfig } = require(path.join(root, 'apps/api/src/config/app-config.ts'));
  const { configuredStorage } = require(path.join(root, 'apps/api/src/infrastructure.ts'));
  const { createApp } = require(path.join(root, 'apps/api/src/app.factory.ts'));
  const config = loadConfig();
  const app = await createApp(config, { databaseUrl: config.database.url, storage: configuredStorage(config) });
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`ready ${app.getHttpServer().address().port}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
