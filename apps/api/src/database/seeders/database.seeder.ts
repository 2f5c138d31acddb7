import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { EmailTemplateSeeder } from '../../gmail/email-template.seeder';
import { CatalogSeeder } from '../../catalog/catalog.seeder';
import { PricingSeeder } from './pricing.seeder';

/** Every seeder runs at start and must be idempotent. A new seeder is added to this list. */
export class DatabaseSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    return this.call(em, [PricingSeeder, CatalogSeeder, EmailTemplateSeeder]);
  }
}
