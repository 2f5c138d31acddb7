import { defineConfig } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { sanitizeLogText } from '../common/log-sanitizer';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { migrationsList } from './migrations';

const ormLogger = new Logger('MikroORM');

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
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}
