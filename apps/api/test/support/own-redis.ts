import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../tools/testing/free-port';
import { stopChild } from '../../../../tools/testing/stop-child';

/** A redis-server process owned by one suite (never the shared one), stopped and started at will on one port. */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-fault-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  // The append-only file keeps the queued jobs across the stop, as a production Redis with persistence would.
  const start = async () => {
    child = spawn(
      process.env.REDIS_SERVER_PATH ?? 'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
      { stdio: 'ignore' },
    );
    while (!(await listening(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    await stopChild(running, 'SIGTERM');
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
