import { Client } from 'pg';
import { ConfigError } from '../config/app-config';

/** Connects once so that a wrong DATABASE_URL fails at start with one clear line, not at the first request. */
export async function assertDatabaseReachable(url: string, variable = 'DATABASE_URL'): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const safeUrl = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    throw new ConfigError(`${variable} ${safeUrl} is not reachable: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
