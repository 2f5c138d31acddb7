import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRead } from '../database/prepared-read';
import { AdminUser } from './admin-user.entity';
import { RevokedToken } from './revoked-token.entity';

@Injectable()
export class AdminUsersRepository {
  constructor(private readonly em: EntityManager) {}

  findByUsername(username: string): Promise<AdminUser | null> {
    return this.em.findOne(AdminUser, { username });
  }

  findById(id: string): Promise<AdminUser | null> {
    return this.em.findOne(AdminUser, { id });
  }

  count(): Promise<number> {
    return this.em.count(AdminUser, {});
  }

  async save(user: AdminUser): Promise<void> {
    await this.em.persistAndFlush(user);
  }

  /**
   * The account behind a token, unless the token was revoked or issued before the account's last password or role
   * change (its version is older), in one query of a plain row: every admin request asks it (issue 18: two queries and
   * an entity here doubled the admin table's database round trips). A prepared statement: it is planned once per
   * pooled connection (docs/decisions/017).
   */
  async findActive(
    id: string,
    jti: string,
    tokenVersion: number,
  ): Promise<Pick<AdminUser, 'id' | 'username' | 'role'> | null> {
    const [row] = await preparedRead<Pick<AdminUser, 'id' | 'username' | 'role'>>(
      this.em,
      `select u.id, u.username, u.role from admin_users u
        where u.id = ? and u.token_version = ? and not exists (select 1 from revoked_tokens r where r.jti = ?)`,
      [id, tokenVersion, jti],
    );
    return row ?? null;
  }

  /** Idempotent, so a second logout with the same token is harmless; expired rows are pruned on the way. */
  async revoke(em: EntityManager, jti: string, expiresAt: Date): Promise<void> {
    await em.nativeDelete(RevokedToken, { expiresAt: { $lt: new Date() } });
    await em.upsert(RevokedToken, { jti, expiresAt });
  }

  /** Marks a single-use id as spent; false when it already was (one insert, so two racing redeems cannot both win). */
  async consumeOnce(jti: string, expiresAt: Date): Promise<boolean> {
    await this.em.nativeDelete(RevokedToken, { expiresAt: { $lt: new Date() } });
    const inserted = await this.em
      .createQueryBuilder(RevokedToken)
      .insert({ jti, expiresAt })
      .onConflict('jti')
      .ignore()
      .execute('run');
    return inserted.affectedRows === 1;
  }
}
