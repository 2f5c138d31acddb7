import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The checklist's one read of the database (credentials and evaluations, read only). */
@Injectable()
export class ChecklistRepository {
  constructor(private readonly em: EntityManager) {}

  /** Whether any credential has completed its analysis, and whether one of those found lead contacts. */
  async evaluationFacts(): Promise<{ completed: boolean; withContacts: boolean }> {
    const [row] = await this.em.fork().execute<Array<{ completed: boolean; with_contacts: boolean }>>(
      `select
       exists (select 1 from evaluations e join credentials c on c.id = e.credential_id where c.status = 'completed') as completed,
       exists (select 1 from evaluations e join credentials c on c.id = e.credential_id
               where c.status = 'completed' and jsonb_array_length(e.lead_contacts) > 0) as with_contacts`,
    );
    return { completed: row?.completed === true, withContacts: row?.with_contacts === true };
  }
}
