import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Applicant } from './applicant.entity';

/** The only place that writes applicants. */
@Injectable()
export class ApplicantsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Creates the row for an id the web server chose, once; concurrent first requests both succeed. */
  async ensure(id: string, em: EntityManager = this.em): Promise<void> {
    await em
      .getConnection()
      .execute(`insert into applicants (id, email, created_at) values (?, null, ?) on conflict (id) do nothing`, [
        id,
        new Date(),
      ]);
  }

  findById(id: string, em: EntityManager = this.em): Promise<Applicant | null> {
    return em.findOne(Applicant, { id }, { disableIdentityMap: true });
  }

  findByEmail(email: string, em: EntityManager = this.em): Promise<Applicant | null> {
    return em.findOne(Applicant, { email }, { disableIdentityMap: true });
  }

  /**
   * The account of an address, created under a new id when there is none; two first sign-ins of one address at once
   * both get the one account (the unique email decides).
   */
  async ensureAccount(email: string, em: EntityManager = this.em): Promise<Pick<Applicant, 'id' | 'email'>> {
    await em
      .getConnection()
      .execute(`insert into applicants (id, email, created_at) values (?, ?, ?) on conflict (email) do nothing`, [
        randomUUID(),
        email,
        new Date(),
      ]);
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(`select id from applicants where email = ?`, [email]);
    return { id: rows[0].id, email };
  }

  async create(id: string, email: string | null, em: EntityManager = this.em): Promise<void> {
    await em.insert(Applicant, { id, email, createdAt: new Date() });
  }

  /**
   * The account of an email address (lower-cased by the caller), created if new; one statement, so two concurrent
   * callers naming the same new address end with one account.
   */
  async ensureForEmail(email: string, em: EntityManager = this.em): Promise<string> {
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `with created as (
         insert into applicants (id, email, created_at) values (gen_random_uuid(), ?, now())
         on conflict (email) do nothing returning id)
       select id from created union all select id from applicants where email = ? limit 1`,
      [email, email],
    );
    return rows[0].id;
  }

  async delete(ids: string[], em: EntityManager = this.em): Promise<number> {
    if (ids.length === 0) return 0;
    return em.nativeDelete(Applicant, { id: { $in: ids } });
  }

  /** Anonymous applicants that own nothing, created before the cutoff (a browser that never came back). */
  async deleteEmptyAnonymous(before: Date, keep: string, em: EntityManager = this.em): Promise<number> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `delete from applicants a where a.email is null and a.created_at < ? and a.id <> ?
         and not exists (select 1 from credentials c where c.owner_id = a.id) returning a.id`,
      [before, keep],
    );
    return rows.length;
  }
}
