import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { STAFF_ROLES, type StaffRole } from '@app/contracts';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { AdminUsersRepository } from './admin/admin-users.repository';
import { AdminUsersService, InvalidAdminAccountError } from './admin/admin-users.service';
import { ConfigError, loadConfig } from './config/app-config';
import { assertDatabaseReachable } from './database/database-url';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { mikroOrmOptions } from './database/mikro-orm.config';

const USAGE =
  'Usage: npm run admin:create -- <username> [password] [--role admin|evaluator]   (missing values are asked for; ' +
  'an evaluator reviews credentials and cannot touch payments, enrollments or cohorts)';

/**
 * One readline for every question, read as a line iterator so that lines already buffered from a pipe wait for
 * their question instead of being dropped.
 */
function createPrompter(): { ask(question: string, hidden?: boolean): Promise<string>; close(): void } {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question, hidden = false) {
      process.stdout.write(question);
      muted = hidden;
      const line = await lines.next();
      muted = false;
      // The typed password was not echoed, so end its line here.
      if (hidden) process.stdout.write('\n');
      if (line.done) throw new InvalidAdminAccountError('No input');
      return String(line.value).trim();
    },
    close: () => rl.close(),
  };
}

/**
 * The database the API uses: DATABASE_URL, else the embedded PostgreSQL under DATA_DIR, reused when `npm start`
 * already runs it (its data folder cannot be opened twice) and started for the duration of the command otherwise.
 */
async function openDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  const config = loadConfig();
  if (config.database.url) {
    await assertDatabaseReachable(config.database.url);
    return { url: config.database.url, stop: async () => undefined };
  }
  return startEmbeddedPostgres(config.dataDir, config.database.embeddedPort);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let role: StaffRole | undefined;
  const roleAt = args.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (roleAt >= 0) {
    const value = args[roleAt].includes('=') ? args[roleAt].split('=')[1] : args[roleAt + 1];
    if (!STAFF_ROLES.includes(value as StaffRole))
      throw new InvalidAdminAccountError('--role must be admin or evaluator');
    role = value as StaffRole;
    args.splice(roleAt, args[roleAt].includes('=') ? 1 : 2);
  }
  const [argUsername, argPassword, ...rest] = args;
  if (rest.length > 0 || argUsername === '--help' || argUsername === '-h') {
    console.log(USAGE);
    process.exit(rest.length > 0 ? 1 : 0);
  }
  let username = argUsername?.trim() ?? '';
  let password = argPassword ?? '';
  if (!username || !password) {
    const prompter = createPrompter();
    try {
      username ||= await prompter.ask('Admin username: ');
      if (!password) {
        password = await prompter.ask('Admin password: ', true);
        if ((await prompter.ask('Repeat the password: ', true)) !== password) {
          throw new InvalidAdminAccountError('The passwords differ');
        }
      }
    } finally {
      prompter.close();
    }
  }

  const database = await openDatabase();
  const orm = await MikroORM.init(mikroOrmOptions(database.url));
  try {
    // The admin table may not exist yet on a database the API has never started against.
    await orm.getMigrator().up();
    const users = new AdminUsersService(new AdminUsersRepository(orm.em.fork()));
    const result = await users.setPassword(username, password, role);
    const outcome = {
      created: 'created',
      updated: 'already existed; it was changed',
      unchanged: 'already had this password',
    };
    const label = role === 'evaluator' ? 'Evaluator' : 'Admin';
    console.log(`${label} "${username}" ${outcome[result]}. Log in at /admin.`);
  } finally {
    await orm.close(true);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof InvalidAdminAccountError || error instanceof ConfigError) {
    console.error(error.message);
    console.error(USAGE);
  } else {
    console.error(error);
  }
  process.exit(1);
});
