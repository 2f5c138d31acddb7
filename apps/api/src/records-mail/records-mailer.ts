import type { EntityManager } from '@mikro-orm/postgresql';

/** The mails applicant records send: the sign-in link and the outcome of a staff review. */
export type RecordsMail =
  | { kind: 'sign-in-link'; to: string; path: string; expiresMinutes: number; eventKey: string }
  | {
      kind: 'credential-verified';
      to: string;
      credentialId: string;
      credentialName: string;
      awardedCredits: number;
      note: string | null;
      eventKey: string;
    }
  | {
      kind: 'credential-rejected';
      to: string;
      credentialId: string;
      credentialName: string;
      reason: string;
      eventKey: string;
    };

/** Links in mails are paths below WEB_URL; the mail renderer makes them absolute. */

/** Writes a mail in the same transaction as the event that causes it (the outbox sends it once). */
export interface RecordsMailer {
  enqueue(mail: RecordsMail, em: EntityManager): Promise<void>;
}

export const RECORDS_MAILER = Symbol('RECORDS_MAILER');
