import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { IssuedCredentialKind } from '@app/contracts';

/** One issued credential row, camelCase. */
export interface IssuedCredentialRow {
  id: string;
  kind: IssuedCredentialKind;
  certificateNumber: string;
  statusIndex: number;
  enrollmentId: string | null;
  credentialId: string | null;
  recipientName: string;
  recipientEmail: string;
  title: string;
  contactHours: number | null;
  credits: number | null;
  awardedOn: string;
  /** The signed credential; null once withdrawn (it carries the personal data). */
  jws: string | null;
  keyId: string;
  /** The issuer id it was signed under (did:web of WEB_URL then). */
  issuerId: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revocationReason: string | null;
  /** Withdrawn at the holder's request (erasure): revoked, and name, email, title, credits and JWS removed. */
  withdrawnAt: Date | null;
}

/** A row as it is issued: not revoked yet. */
export type NewIssuedCredential = Omit<
  IssuedCredentialRow,
  'revokedAt' | 'revocationReason' | 'withdrawnAt' | 'jws'
> & {
  jws: string;
};

/** The reason a withdrawn report shows: no personal data, and the same for every one. */
export const WITHDRAWN_REASON = 'Withdrawn at the holder’s request (their records were erased)';

const SELECT = `select id, kind, certificate_number as "certificateNumber", status_index as "statusIndex",
  enrollment_id as "enrollmentId", credential_id as "credentialId", recipient_name as "recipientName",
  recipient_email as "recipientEmail", title, contact_hours::float8 as "contactHours", credits::float8 as credits,
  to_char(awarded_on, 'YYYY-MM-DD') as "awardedOn", jws, key_id as "keyId", issuer_id as "issuerId",
  issued_at as "issuedAt", revoked_at as "revokedAt", revocation_reason as "revocationReason",
  withdrawn_at as "withdrawnAt"
  from issued_credentials`;

/** The only place that reads and writes issued_credentials. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Erasure, in its transaction (before the credentials go): the evaluation reports of these credentials, or addressed
   * to `email`, are withdrawn: revoked (their status list bit set) and stripped of the personal data stored for them
   * (name, email, title, credits and the signed JWS that carries all of it). Number, status index, date, key and
   * issuer id stay, so /verify can say what happened. Certificates of completion are not touched (proof of training,
   * kept with the enrollments). How many were withdrawn.
   */
  static async withdrawReports(
    em: EntityManager,
    where: { credentialIds: string[]; email: string | null },
  ): Promise<number> {
    if (where.credentialIds.length === 0 && !where.email) return 0;
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `update issued_credentials set
         revoked_at = coalesce(revoked_at, now()), revocation_reason = ?, revoked_by = 'erasure', withdrawn_at = now(),
         recipient_name = '', recipient_email = '', title = '', credits = null, contact_hours = null, jws = null
       where kind = 'evaluation-report' and withdrawn_at is null
         and (credential_id = any(?::uuid[]) or (?::text is not null and lower(recipient_email) = lower(?)))
       returning id`,
      [WITHDRAWN_REASON, `{${where.credentialIds.join(',')}}`, where.email, where.email],
      'all',
      em.getTransactionContext(),
    );
    return rows.length;
  }

  /** Whether `issuerId` is one this issuer signed credential `id` under (its id when issued, before a WEB_URL change). */
  async issuedUnder(id: string, issuerId: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string }>>(`select id from issued_credentials where id = ? and issuer_id = ?`, [
        id,
        issuerId,
      ]);
    return rows.length > 0;
  }

  /** Every issuer id this issuer has signed under (one per WEB_URL it had), for the published key set. */
  async issuerIds(): Promise<string[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ issuer_id: string }>>(`select distinct issuer_id from issued_credentials order by issuer_id`);
    return rows.map((r) => r.issuer_id);
  }

  /** The next number of the issuer's sequence (certificate number; status index = number - 1). */
  async nextNumber(em: EntityManager): Promise<number> {
    const [row] = await em
      .getConnection()
      .execute<Array<{ n: string }>>(
        `select nextval('issued_credentials_seq') as n`,
        [],
        'all',
        em.getTransactionContext(),
      );
    return Number(row.n);
  }

  /** Inserts in the caller's transaction; false when the enrollment or credential already has one (nothing added). */
  async insert(em: EntityManager, row: NewIssuedCredential): Promise<boolean> {
    const inserted = await em.getConnection().execute<Array<{ id: string }>>(
      `insert into issued_credentials (id, kind, certificate_number, status_index, enrollment_id, credential_id,
         recipient_name, recipient_email, title, contact_hours, credits, awarded_on, jws, key_id, issuer_id, issued_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict do nothing returning id`,
      [
        row.id,
        row.kind,
        row.certificateNumber,
        row.statusIndex,
        row.enrollmentId,
        row.credentialId,
        row.recipientName,
        row.recipientEmail,
        row.title,
        row.contactHours,
        row.credits,
        row.awardedOn,
        row.jws,
        row.keyId,
        row.issuerId,
        row.issuedAt,
      ],
      'all',
      em.getTransactionContext(),
    );
    return inserted.length > 0;
  }

  async existingForEnrollments(em: EntityManager, enrollmentIds: string[]): Promise<Set<string>> {
    if (enrollmentIds.length === 0) return new Set();
    const rows = await em
      .getConnection()
      .execute<Array<{ enrollment_id: string }>>(
        `select enrollment_id from issued_credentials where enrollment_id = any(?::uuid[])`,
        [`{${enrollmentIds.join(',')}}`],
        'all',
        em.getTransactionContext(),
      );
    return new Set(rows.map((r) => r.enrollment_id));
  }

  async findById(id: string, em: EntityManager = this.em): Promise<IssuedCredentialRow | null> {
    const [row] = await em
      .getConnection()
      .execute<IssuedCredentialRow[]>(`${SELECT} where id = ?`, [id], 'all', em.getTransactionContext());
    return row ?? null;
  }

  listForEmail(email: string): Promise<IssuedCredentialRow[]> {
    return this.em
      .getConnection()
      .execute<IssuedCredentialRow[]>(
        `${SELECT} where lower(recipient_email) = lower(?) order by issued_at desc, certificate_number desc`,
        [email],
      );
  }

  /** By the account's email, and the reports of the credentials the applicant owns (reads credentials). */
  listForApplicant(applicantId: string, email: string | null): Promise<IssuedCredentialRow[]> {
    return this.em.getConnection().execute<IssuedCredentialRow[]>(
      `${SELECT} where (? :: text is not null and recipient_email <> '' and lower(recipient_email) = lower(?))
          or credential_id in (select id from credentials where owner_id = ?)
        order by issued_at desc, certificate_number desc`,
      [email, email, applicantId],
    );
  }

  async credentialOwner(credentialId: string): Promise<string | null> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ owner_id: string }>>('select owner_id from credentials where id = ?', [credentialId]);
    return row?.owner_id ?? null;
  }

  listForEnrollment(enrollmentId: string): Promise<IssuedCredentialRow[]> {
    return this.em
      .getConnection()
      .execute<IssuedCredentialRow[]>(`${SELECT} where enrollment_id = ? order by issued_at desc`, [enrollmentId]);
  }

  listForCredential(credentialId: string): Promise<IssuedCredentialRow[]> {
    return this.em
      .getConnection()
      .execute<IssuedCredentialRow[]>(`${SELECT} where credential_id = ? order by issued_at desc`, [credentialId]);
  }

  /** Marks it revoked once; false when it was revoked already or does not exist. */
  async revoke(em: EntityManager, id: string, reason: string, by: string): Promise<boolean> {
    const rows = await em.getConnection().execute<Array<{ id: string }>>(
      `update issued_credentials set revoked_at = now(), revocation_reason = ?, revoked_by = ?
       where id = ? and revoked_at is null returning id`,
      [reason, by, id],
      'all',
      em.getTransactionContext(),
    );
    return rows.length > 0;
  }

  /** Status indexes of the revoked credentials: the bits set in the status list. */
  async revokedIndexes(): Promise<number[]> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ status_index: number }>>(
        `select status_index from issued_credentials where revoked_at is not null order by status_index`,
      );
    return rows.map((r) => Number(r.status_index));
  }

  /** Applicant's email (signed in by link), to list their certificates. */
  async applicantEmail(applicantId: string): Promise<string | null> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ email: string | null }>>(`select email from applicants where id = ?`, [applicantId]);
    return row?.email ?? null;
  }
}
