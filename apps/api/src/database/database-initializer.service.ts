import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DatabaseSeeder } from './seeders/database.seeder';

/** Brings the schema up to date and seeds the fixed data before the API serves anything. */
@Injectable()
export class DatabaseInitializer implements OnModuleInit {
  private readonly logger = new Logger(DatabaseInitializer.name);

  constructor(private readonly orm: MikroORM) {}

  async onModuleInit(): Promise<void> {
    const applied = await this.orm.getMigrator().up();
    if (applied.length > 0) this.logger.log(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    await this.orm.getSeeder().seed(DatabaseSeeder);
  }
}
