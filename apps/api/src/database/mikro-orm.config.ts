import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { migrationsList } from './migrations';

export function mikroOrmOptions(databaseUrl: string, debug = false) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator, SeedManager],
    migrations: { migrationsList, snapshot: false, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: 10 },
    debug,
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}
