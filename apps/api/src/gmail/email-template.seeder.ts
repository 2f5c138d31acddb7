import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { DEFAULT_EMAIL_TEMPLATE } from '@app/domain';
import { EmailTemplateEntity } from './email-template.entity';

/** Adds the default outreach template when no template exists; an edited template is never overwritten. */
export class EmailTemplateSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    if ((await em.count(EmailTemplateEntity, {})) > 0) return;
    em.create(EmailTemplateEntity, {
      ...DEFAULT_EMAIL_TEMPLATE,
      isDefault: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
  }
}
