import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { mikroOrmOptions } from './mikro-orm.config';

describe('mikroOrmOptions: knex lines', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    // Never connects: only the knex client built from the options is looked at.
    orm = await MikroORM.init({ ...mikroOrmOptions('postgresql://127.0.0.1:1/unused'), connect: false });
  });

  afterAll(async () => {
    await orm.close(true);
  });

  afterEach(() => jest.restoreAllMocks());

  it("routes knex's own lines (a pooled connection's error during an outage) through the sanitised Nest logger", () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const console = jest.spyOn(global.console, 'log');
    const knexLogger = (orm.em.getKnex().client as { logger: { warn(m: string): void; error(m: string): void } })
      .logger;

    knexLogger.warn('Connection Error: Error: terminating connection for ana@example.com');
    knexLogger.error('insert into "enrollments" ("student_name") values (\'Ana Lima\')');

    expect(warn).toHaveBeenCalledWith('Connection Error: Error: terminating connection for ***@***');
    expect(error).toHaveBeenCalledWith('insert into "enrollments" ("student_name") values (\'***\')');
    expect(console).not.toHaveBeenCalled();
  });
});
