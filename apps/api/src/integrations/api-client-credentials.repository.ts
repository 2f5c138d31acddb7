import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmittedCredentialOutcome } from '@app/contracts';

interface OutcomeRow {
  id: string;
  owner_id: string;
  name: string;
  status: SubmittedCredentialOutcome['status'];
  created_at: Date;
  document_count: number;
  total_credits: number | null;
  contact_hours: number | null;
  rigor_score: number | null;
  minimum_requirements_met: boolean | null;
  evaluated_at: Date | null;
  decision: 'verified' | 'rejected' | null;
  awarded_credits: number | null;
  rejection_reason: string | null;
  decided_at: Date | null;
}

/** The only writer of api_client_credentials; reads join the credentials, evaluation and review tables. */
@Injectable()
export class ApiClientCredentialsRepository {
  constructor(private readonly em: EntityManager) {}

  async record(em: EntityManager, credentialId: string, apiKeyId: string): Promise<void> {
    await em.execute(
      'insert into api_client_credentials (credential_id, api_key_id, created_at) values (?, ?, now())',
      [credentialId, apiKeyId],
      'run',
    );
  }

  /** The owner of a credential this key submitted, or null (another key's, an applicant's own, or none). */
  async ownerFor(credentialId: string, apiKeyId: string): Promise<string | null> {
    const [row] = await this.em.execute<Array<{ owner_id: string }>>(
      `select c.owner_id from api_client_credentials s join credentials c on c.id = s.credential_id
        where s.credential_id = ? and s.api_key_id = ?`,
      [credentialId, apiKeyId],
    );
    return row?.owner_id ?? null;
  }

  async outcome(credentialId: string, apiKeyId: string): Promise<SubmittedCredentialOutcome | null> {
    const [row] = await this.em.execute<OutcomeRow[]>(
      `select c.id, c.owner_id, c.name, c.status, c.created_at,
              (select count(*)::int from credential_documents d where d.credential_id = c.id) as document_count,
              e.total_credits, e.contact_hours, e.rigor_score, e.minimum_requirements_met, e.created_at as evaluated_at,
              r.decision, r.awarded_credits, r.rejection_reason, r.decided_at
         from api_client_credentials s
         join credentials c on c.id = s.credential_id
         left join evaluations e on e.credential_id = c.id
         left join credential_reviews r on r.credential_id = c.id
        where s.credential_id = ? and s.api_key_id = ?`,
      [credentialId, apiKeyId],
    );
    if (!row) return null;
    return {
      credentialId: row.id,
      applicantId: row.owner_id,
      name: row.name,
      status: row.status,
      documentCount: Number(row.document_count),
      createdAt: new Date(row.created_at).toISOString(),
      evaluation:
        row.evaluated_at === null
          ? null
          : {
              totalCredits: Number(row.total_credits),
              contactHours: Number(row.contact_hours),
              rigorScore: Number(row.rigor_score),
              minimumRequirementsMet: Boolean(row.minimum_requirements_met),
              completedAt: new Date(row.evaluated_at).toISOString(),
            },
      review:
        row.decision === null || row.decided_at === null
          ? null
          : {
              decision: row.decision,
              awardedCredits: row.awarded_credits === null ? null : Number(row.awarded_credits),
              rejectionReason: row.rejection_reason,
              decidedAt: new Date(row.decided_at).toISOString(),
            },
    };
  }
}
