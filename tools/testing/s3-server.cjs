#!/usr/bin/env node
// A real S3-compatible server (s3rver) in its own process, for tests that must talk to storage over the network
// exactly as the API does in production. Usage:
//   node tools/testing/s3-server.cjs --dir <folder> [--port 0] [--bucket uploads]
// Prints one JSON line {"endpoint","port","bucket"} on stdout when it accepts requests; stops on SIGTERM/SIGINT.
// s3rver does not verify signatures: loopback only, never for production.
const { mkdirSync } = require('node:fs');
const S3rver = require('s3rver');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

// The browser PUTs straight to presigned URLs, so the bucket answers CORS preflights like a configured S3 bucket.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

async function main() {
  const directory = option('dir');
  if (!directory) throw new Error('--dir <folder> is required');
  const bucket = option('bucket', 'uploads');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(option('port', '0')),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const address = await server.run();
  const stop = () => server.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ endpoint: `http://127.0.0.1:${address.port}`, port: address.port, bucket })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
