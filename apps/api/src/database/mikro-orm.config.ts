import { defineConfig } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { inspect } from 'node:util';
import { sanitizeLogText } from '../common/log-sanitizer';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { migrationsList } from './migrations';

const ormLogger = new Logger('MikroORM');
const knexLogger = new Logger('Knex');

/** knex hands its logger strings, or objects (a query's data) for debug. */
function knexText(message: unknown): string {
  return sanitizeLogText(typeof message === 'string' ? message : inspect(message, { depth: 5, colors: false }));
}

/**
 * knex prints its own lines with console.log unless given these (a pooled connection's "Connection Error: …" during
 * a database outage, deprecations): they go through the Nest logger and the log sanitiser like every other line.
 */
export const knexLog = {
  warn: (message: unknown) => knexLogger.warn(knexText(message)),
  error: (message: unknown) => knexLogger.error(knexText(message)),
  deprecate: (message: unknown) => knexLogger.warn(knexText(message)),
  debug: (message: unknown) => knexLogger.debug(knexText(message)),
};

export function mikroOrmOptions(databaseUrl: string, debug = false) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator, SeedManager],
    migrations: { migrationsList, snapshot: false, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: 10 },
    // Query logging (debug) inlines the bound values into the SQL: every line goes through the log sanitiser, which
    // masks the quoted values, and is printed without colour codes.
    debug,
    colors: false,
    logger: (message: string) => ormLogger.log(sanitizeLogText(message)),
    driverOptions: { log: knexLog },
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}
