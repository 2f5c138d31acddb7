import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Credential } from '../credentials/credential.entity';

/**
 * A Gmail draft made for one lead contact of one credential. The unique (credential, contact email) row is
 * reserved before Gmail is called, so repeated or concurrent requests never draft the same contact twice.
 */
@Entity({ tableName: 'email_drafts' })
@Unique({ properties: ['credential', 'contactEmail'], name: 'email_drafts_credential_contact_unique' })
export class EmailDraft {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Credential, { deleteRule: 'cascade', fieldName: 'credential_id' })
  credential!: Rel<Credential>;

  /** Lower-cased, so the same address in other letter case counts as the same contact. */
  @Property({ type: 'string', length: 254 })
  contactEmail!: string;

  @Property({ type: 'string', length: 200 })
  contactName!: string;

  @Property({ type: 'uuid', nullable: true })
  templateId: string | null = null;

  /** Null while the draft is being created in Gmail. */
  @Property({ type: 'string', length: 255, nullable: true })
  gmailDraftId: string | null = null;

  @Property({ type: 'string', length: 254 })
  senderEmail!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date = new Date();
}
