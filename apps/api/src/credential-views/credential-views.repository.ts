import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRead } from '../database/prepared-read';
import type { EvaluationFields } from '../analysis/analysis.service';
import type { CredentialDocumentFields, CredentialFields } from '../credentials/credentials.service';
import type { CredentialReviewFields } from '../reviews/review-mapping';

/** One of the visitor's credentials with everything the page shows, as plain values (no entities). */
export interface OwnedCredential {
  credential: CredentialFields;
  /** Completed credentials only. */
  evaluation: EvaluationFields | null;
  /** Analyzing credentials: every stored phase; completed ones: phases 1 and 2, which the evaluation's details come from. */
  records: Array<{ phase: number; results: unknown }>;
  /** Completed credentials only. */
  review: CredentialReviewFields | null;
}

/** The row of OWNED_CREDENTIALS_SELECT: the credential's columns, and its parts as JSON built by PostgreSQL. */
interface OwnedCredentialRow {
  id: string;
  name: string;
  status: CredentialFields['status'];
  owner_id: string;
  failure_reason: string | null;
  failure_kind: CredentialFields['failureKind'];
  analysis_started_at: string | null;
  created_at: string;
  documents: Array<Omit<CredentialDocumentFields, 'createdAt'> & { createdAt: string }>;
  evaluation: (Omit<EvaluationFields, 'createdAt'> & { createdAt: string }) | null;
  records: Array<{ phase: number; results: unknown }> | null;
  review: (Omit<CredentialReviewFields, 'decidedAt'> & { decidedAt: string }) | null;
}

/**
 * One applicant's credentials in one statement of plain rows: each with its documents (oldest first), and for a
 * completed one its evaluation, phase 1-2 records and review, for an analyzing one every stored phase. Entity
 * hydration and five round trips cost the API more than the SQL on the evaluation page (issue 28's profile).
 */
const OWNED_CREDENTIALS_SELECT = `
  select c.id, c.name, c.status, c.owner_id, c.failure_reason, c.failure_kind, c.analysis_started_at, c.created_at,
    coalesce((
      select json_agg(json_build_object('id', d.id, 'fileName', d.file_name, 'documentType', d.document_type,
          'fileSize', d.file_size, 'fileType', d.file_type, 'createdAt', d.created_at) order by d.created_at, d.id)
        from credential_documents d where d.credential_id = c.id), '[]') as documents,
    (select json_build_object('id', e.id, 'totalCredits', e.total_credits, 'contactHours', e.contact_hours,
        'matchedCourses', e.matched_courses, 'rigorScore', e.rigor_score, 'rigorExplanation', e.rigor_explanation,
        'topicRelevance', e.topic_relevance, 'learningObjectives', e.learning_objectives,
        'assessmentMethods', e.assessment_methods, 'instructionHours', e.instruction_hours,
        'curriculumStructure', e.curriculum_structure, 'credentialSourceClarity', e.credential_source_clarity,
        'completionEvidence', e.completion_evidence, 'minimumRequirementsMet', e.minimum_requirements_met,
        'certificateDetails', e.certificate_details, 'leadContacts', e.lead_contacts,
        'courseEquivalencies', e.course_equivalencies, 'documentNotices', e.document_notices,
        'createdAt', e.created_at)
      from evaluations e where e.credential_id = c.id and c.status = 'completed') as evaluation,
    (select json_agg(json_build_object('phase', r.phase, 'results', r.results) order by r.phase)
      from analysis_records r
      where r.credential_id = c.id
        and (c.status = 'analyzing' or (c.status = 'completed' and r.phase in (1, 2)))) as records,
    (select json_build_object('decision', v.decision, 'awardedCredits', v.awarded_credits, 'note', v.note,
        'rejectionReason', v.rejection_reason, 'decidedAt', v.decided_at)
      from credential_reviews v where v.credential_id = c.id and c.status = 'completed') as review
  from credentials c
  where c.owner_id = ?
  order by c.created_at desc, c.id asc`;

/** Reads only: the credentials, analysis and review tables together, each written by its own feature. */
@Injectable()
export class CredentialViewsRepository {
  constructor(private readonly em: EntityManager) {}

  /** One applicant's credentials with documents, newest first, and their evaluations, phase records and reviews. */
  async listOwned(ownerId: string): Promise<OwnedCredential[]> {
    // Run on every view of the evaluation page: prepared (decision 017).
    const rows = await preparedRead<OwnedCredentialRow>(this.em, OWNED_CREDENTIALS_SELECT, [ownerId]);
    return rows.map((row) => ({
      credential: {
        id: row.id,
        name: row.name,
        status: row.status,
        ownerId: row.owner_id,
        failureReason: row.failure_reason,
        failureKind: row.failure_kind,
        analysisStartedAt: row.analysis_started_at === null ? null : new Date(row.analysis_started_at),
        createdAt: new Date(row.created_at),
        documents: row.documents.map((document) => ({ ...document, createdAt: new Date(document.createdAt) })),
      },
      evaluation: row.evaluation && { ...row.evaluation, createdAt: new Date(row.evaluation.createdAt) },
      records: row.records ?? [],
      review: row.review && { ...row.review, decidedAt: new Date(row.review.decidedAt) },
    }));
  }
}
