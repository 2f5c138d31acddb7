import { spawn, type ChildProcess } from 'node:child_process';
import type { StorageConnection } from '../../src/storage/storage-connection';

/** A test's child process (an API or a worker it can SIGKILL), with everything it printed so far. */
export interface TestChild {
  child: ChildProcess;
  output(): string;
  /** Resolves with the signal, or the exit code, once it exited. */
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The S3_* settings that point a child process at the same store as the test's app. */
export function storageEnv(storage: StorageConnection): NodeJS.ProcessEnv {
  return {
    S3_BUCKET: storage.bucket,
    S3_ENDPOINT: storage.endpoint ?? undefined,
    S3_REGION: storage.region,
    S3_ACCESS_KEY_ID: storage.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(storage.forcePathStyle),
  };
}

/** Runs `node entry args…` with only the given environment (and PATH), collecting stdout and stderr. */
export function spawnTestChild(entry: string, args: string[], env: NodeJS.ProcessEnv): TestChild {
  const child = spawn(process.execPath, [entry, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, output: () => output, exited };
}
