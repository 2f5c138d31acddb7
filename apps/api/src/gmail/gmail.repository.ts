import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LeadContactValue } from '../analysis/evaluation.entity';
import { EmailDraft } from './email-draft.entity';
import { EmailTemplateEntity } from './email-template.entity';
import { GmailAccount } from './gmail-account.entity';
import { GmailOAuthState } from './gmail-oauth-state.entity';

/** The only place the Gmail module touches the database. */
@Injectable()
export class GmailRepository {
  constructor(private readonly em: EntityManager) {}

  /** Erasure: the drafts made for these credentials, in the erasure's transaction. */
  static async deleteDraftsForCredentials(em: EntityManager, credentialIds: string[]): Promise<void> {
    if (credentialIds.length === 0) return;
    await em.execute(
      `delete from email_drafts where credential_id in (${credentialIds.map(() => '?').join(', ')})`,
      credentialIds,
      'run',
    );
  }

  /** Erasure by email: the drafts addressed to it; how many went. */
  static async deleteDraftsForContact(em: EntityManager, email: string): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `delete from email_drafts where lower(contact_email) = ? returning id`,
      [email],
    );
    return rows.length;
  }

  /**
   * What drafts are made from: the credential's name and status, and its evaluation's credits and lead contacts
   * (null without an evaluation). A read of the credentials and analysis tables; null when the credential is unknown.
   */
  async findDraftSource(credentialId: string): Promise<{
    name: string;
    status: string;
    totalCredits: number | null;
    leadContacts: LeadContactValue[] | null;
  } | null> {
    const [row] = await this.em
      .fork()
      .execute<
        Array<{ name: string; status: string; total_credits: number | null; lead_contacts: LeadContactValue[] | null }>
      >(
        `select c.name, c.status, e.total_credits, e.lead_contacts
       from credentials c left join evaluations e on e.credential_id = c.id
       where c.id = ?`,
        [credentialId],
      );
    if (!row) return null;
    return {
      name: row.name,
      status: row.status,
      totalCredits: row.total_credits === null ? null : Number(row.total_credits),
      leadContacts: row.lead_contacts,
    };
  }

  async findAccount(): Promise<GmailAccount | null> {
    const [account] = await this.em.fork().find(GmailAccount, {}, { orderBy: { connectedAt: 'desc' }, limit: 1 });
    return account ?? null;
  }

  /** One account at a time: connecting replaces whichever was there (in the caller's transaction, its `em`). */
  async replaceAccount(
    em: EntityManager,
    account: Pick<GmailAccount, 'email' | 'encryptedRefreshToken' | 'scopes'>,
  ): Promise<GmailAccount> {
    await em.nativeDelete(GmailAccount, {});
    const created = em.create(GmailAccount, { ...account, connectedAt: new Date() });
    await em.flush();
    return created;
  }

  async deleteAccounts(): Promise<void> {
    await this.em.fork().nativeDelete(GmailAccount, {});
  }

  async saveState(state: string, expiresAt: Date): Promise<void> {
    const em = this.em.fork();
    await em.nativeDelete(GmailOAuthState, { expiresAt: { $lt: new Date() } });
    em.create(GmailOAuthState, { state, expiresAt });
    await em.flush();
  }

  /** True once for a state issued here that has not expired; the state is gone afterwards either way. */
  async consumeState(state: string): Promise<boolean> {
    const em = this.em.fork();
    const removed = await em.nativeDelete(GmailOAuthState, { state, expiresAt: { $gt: new Date() } });
    await em.nativeDelete(GmailOAuthState, { state });
    return removed === 1;
  }

  listTemplates(): Promise<EmailTemplateEntity[]> {
    return this.em.fork().find(EmailTemplateEntity, {}, { orderBy: { isDefault: 'desc', name: 'asc' } });
  }

  findTemplate(id: string): Promise<EmailTemplateEntity | null> {
    return this.em.fork().findOne(EmailTemplateEntity, { id });
  }

  async findDefaultTemplate(): Promise<EmailTemplateEntity | null> {
    const [template] = await this.em
      .fork()
      .find(EmailTemplateEntity, {}, { orderBy: { isDefault: 'desc', createdAt: 'asc' }, limit: 1 });
    return template ?? null;
  }

  countTemplates(): Promise<number> {
    return this.em.fork().count(EmailTemplateEntity, {});
  }

  async updateTemplate(
    id: string,
    changes: Partial<Pick<EmailTemplateEntity, 'name' | 'subject' | 'body'>>,
  ): Promise<EmailTemplateEntity | null> {
    const em = this.em.fork();
    const template = await em.findOne(EmailTemplateEntity, { id });
    if (!template) return null;
    em.assign(template, changes);
    await em.flush();
    return template;
  }

  /**
   * Claims the (credential, contact) pair before Gmail is called. Null when another request already has it,
   * which is what keeps drafts single under retries and concurrent clicks. A claim still without a Gmail draft after
   * `staleAfterSeconds` was left by a process that died mid-call, and is taken over rather than skipped forever.
   */
  async reserveDraft(
    draft: Pick<EmailDraft, 'contactEmail' | 'contactName' | 'templateId' | 'senderEmail'> & { credentialId: string },
    staleAfterSeconds: number,
  ): Promise<string | null> {
    const id = randomUUID();
    const rows: Array<{ id: string }> = await this.em.getConnection().execute(
      `insert into email_drafts (id, credential_id, contact_email, contact_name, template_id, gmail_draft_id, sender_email, created_at)
       values (?, ?, ?, ?, ?, null, ?, now())
       on conflict (credential_id, contact_email) do update
         set contact_name = excluded.contact_name, template_id = excluded.template_id,
             sender_email = excluded.sender_email, created_at = now()
         where email_drafts.gmail_draft_id is null and email_drafts.created_at < now() - make_interval(secs => ?)
       returning id`,
      [
        id,
        draft.credentialId,
        draft.contactEmail,
        draft.contactName,
        draft.templateId,
        draft.senderEmail,
        staleAfterSeconds,
      ],
    );
    return rows.length === 1 ? rows[0].id : null;
  }

  async completeDraft(id: string, gmailDraftId: string): Promise<void> {
    await this.em.fork().nativeUpdate(EmailDraft, { id }, { gmailDraftId });
  }

  /** Gives the pair back when Gmail failed, so a later request can try again. */
  async releaseDraft(id: string): Promise<void> {
    await this.em.fork().nativeDelete(EmailDraft, { id });
  }
}
