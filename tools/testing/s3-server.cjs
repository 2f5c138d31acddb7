#!/usr/bin/env node
// The test S3-compatible store in its own process, for tests that must talk to storage over the network exactly as
// the API does in production: s3rver behind the SigV4-verifying gateway (apps/api/src/storage/embedded-s3.ts), so it
// refuses what Amazon S3 refuses. Usage:
//   node tools/testing/s3-server.cjs --dir <folder> [--port 0] [--bucket uploads] [--access-key-id K --secret-access-key S]
// Prints one JSON line {"endpoint","port","bucket","accessKeyId","secretAccessKey"} on stdout when it accepts
// requests (keys are made for the run unless given); stops on SIGTERM/SIGINT. Loopback only, never for production.
const { randomBytes } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const path = require('node:path');

// The store is TypeScript in the API's sources: compiled on require, as the worker and reader test processes do.
require('./register-ts.cjs');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

async function main() {
  const directory = option('dir');
  if (!directory) throw new Error('--dir <folder> is required');
  mkdirSync(directory, { recursive: true });
  const credentials = {
    accessKeyId: option('access-key-id', `TEST${randomBytes(8).toString('hex').toUpperCase()}`),
    secretAccessKey: option('secret-access-key', randomBytes(30).toString('base64url')),
  };
  const { startEmbeddedS3 } = require(path.join(__dirname, '../../apps/api/src/storage/embedded-s3.ts'));
  const store = await startEmbeddedS3(directory, Number(option('port', '0')), {
    credentials,
    bucket: option('bucket', 'uploads'),
    directory,
  });
  const stop = () => store.stop().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write(
    `${JSON.stringify({ endpoint: store.endpoint, port: store.port, bucket: store.bucket, ...credentials })}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
