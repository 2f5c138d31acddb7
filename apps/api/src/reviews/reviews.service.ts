import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReviewCredentialDetail, ReviewQueueItem, ReviewQueueQuery } from '@app/contracts';
import { checkRejection, checkVerification, evaluationReportRows, type ReviewCheck } from '@app/domain';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { evaluationWithDetails } from '../analysis/analysis.service';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import { CertificatesService } from '../certificates/certificates.service';
import { Credential } from '../credentials/credential.entity';
import { CredentialNotFoundError } from '../credentials/credentials.errors';
import { CredentialsService, toCredentialDto } from '../credentials/credentials.service';
import type { OutboxMailInput } from '../mail/mail-registry';
import { OutboxRepository } from '../mail/outbox.repository';
import type { CredentialReview } from './credential-review.entity';
import { toCredentialReviewDto } from './review-mapping';
import { AlreadyReviewedError, ReviewInvalidError, ReviewNeedsCompletedAnalysisError } from './reviews.errors';
import { ReviewsRepository } from './reviews.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

export interface ReviewDecisionResult {
  review: ReturnType<typeof toCredentialReviewDto>;
  /** Whether the outcome mail is in the outbox: false when the applicant left no email, or no mail is set up. */
  applicantNotified: boolean;
}

function checked<T>(result: ReviewCheck<T>): T {
  if (!result.ok) throw new ReviewInvalidError(result.field, result.error);
  return result.value;
}

@Injectable()
export class ReviewsService {
  private readonly logger = new Logger(ReviewsService.name);

  constructor(
    private readonly repository: ReviewsRepository,
    private readonly credentials: CredentialsService,
    private readonly applicants: ApplicantsRepository,
    private readonly certificates: CertificatesService,
    private readonly tx: TransactionRunner,
  ) {}

  queue(query: ReviewQueueQuery): Promise<ReviewQueueItem[]> {
    return this.repository.queue(query);
  }

  async detail(credentialId: string, admin: AuthenticatedAdmin): Promise<ReviewCredentialDetail> {
    const credential = await this.credentials.requireVisible(credentialId, { kind: 'staff', admin });
    const [applicant, evaluation, review, records] = await Promise.all([
      this.applicants.findById(credential.ownerId),
      credential.status === 'completed' ? this.repository.findEvaluation(credentialId) : Promise.resolve(null),
      this.repository.findByCredential(credentialId),
      this.repository.findPhaseRecords(credentialId),
    ]);
    return {
      credential: toCredentialDto(credential),
      applicantEmail: applicant?.email ?? null,
      evaluation: evaluation ? evaluationWithDetails(evaluation, credentialId, records) : null,
      review: review ? toCredentialReviewDto(review) : null,
    };
  }

  async verify(
    credentialId: string,
    input: { awardedCredits?: unknown; note?: unknown },
    admin: AuthenticatedAdmin,
  ): Promise<ReviewDecisionResult> {
    // The evaluation and its phase records are final once the analysis completed; read before the decision's lock.
    const [stored, records] = await Promise.all([
      this.repository.findEvaluation(credentialId),
      this.repository.findPhaseRecords(credentialId),
    ]);
    const evaluation = stored ? evaluationWithDetails(stored, credentialId, records) : null;
    return this.decide(
      credentialId,
      admin,
      (evaluationCredits) => {
        const { awardedCredits, note } = checked(checkVerification(input, evaluationCredits));
        return { decision: 'verified', awardedCredits, note, rejectionReason: null };
      },
      (review, credential) => ({
        template: 'credential-verified',
        data: {
          credentialId: credential.id,
          credentialName: credential.name,
          awardedCredits: review.awardedCredits ?? 0,
          note: review.note,
        },
      }),
      // A verified evaluation gives the applicant its signed course-by-course report, in the decision's transaction.
      async (em, review, credential) => {
        if (!evaluation) return;
        const applicant = await this.applicants.findById(credential.ownerId, em);
        const rows = evaluationReportRows(evaluation);
        await this.certificates.issueEvaluationReport(em, {
          credentialId: credential.id,
          evaluator: { name: admin.username },
          recipient: { name: rows.recipientName ?? applicant?.email ?? 'Applicant', email: applicant?.email ?? '' },
          credentialName: credential.name,
          awardedCredits: review.awardedCredits ?? 0,
          courses: rows.courses,
          criteria: rows.criteria,
          verifiedOn: review.decidedAt.toISOString().slice(0, 10),
        });
      },
    );
  }

  reject(credentialId: string, input: { reason?: unknown }, admin: AuthenticatedAdmin): Promise<ReviewDecisionResult> {
    const { reason } = checked(checkRejection(input));
    return this.decide(
      credentialId,
      admin,
      () => ({ decision: 'rejected', awardedCredits: null, note: null, rejectionReason: reason }),
      (review, credential) => ({
        template: 'credential-rejected',
        data: { credentialId: credential.id, credentialName: credential.name, reason: review.rejectionReason ?? '' },
      }),
    );
  }

  private async decide(
    credentialId: string,
    admin: AuthenticatedAdmin,
    values: (
      recommendedCredits: number,
    ) => Pick<CredentialReview, 'decision' | 'awardedCredits' | 'note' | 'rejectionReason'>,
    mail: (
      review: CredentialReview,
      credential: Credential,
    ) =>
      | Pick<OutboxMailInput<'credential-verified'>, 'template' | 'data'>
      | Pick<OutboxMailInput<'credential-rejected'>, 'template' | 'data'>,
    issue?: (em: EntityManager, review: CredentialReview, credential: Credential) => Promise<void>,
  ): Promise<ReviewDecisionResult> {
    let notified = false;
    const result = await this.tx.run(async (em) => {
      const decided = await this.repository.decide(em, credentialId, (_credential, evaluation) => ({
        ...values(evaluation.totalCredits),
        reviewerId: admin.id,
      }));
      if (decided.outcome !== 'decided') return decided;
      const { review, credential } = decided;
      // In the decision's transaction, once per credential (a credential is decided once).
      await WebhookOutbox.enqueue(
        em,
        review.decision === 'verified'
          ? {
              type: 'review.verified',
              key: `review.verified:${credential.id}`,
              data: {
                credentialId: credential.id,
                applicantId: credential.ownerId,
                awardedCredits: review.awardedCredits,
              },
            }
          : {
              type: 'review.rejected',
              key: `review.rejected:${credential.id}`,
              data: { credentialId: credential.id, applicantId: credential.ownerId },
            },
      );
      if (issue) await issue(em, review, credential);
      const applicant = await this.applicants.findById(credential.ownerId, em);
      if (!applicant?.email) return decided;
      const outcome = mail(review, credential);
      await OutboxRepository.enqueue(em, {
        ...outcome,
        key: `credential-review:${credential.id}`,
        to: applicant.email,
      });
      notified = true;
      return decided;
    });
    if (result.outcome === 'not-found') throw new CredentialNotFoundError();
    if (result.outcome === 'not-completed') {
      throw new ReviewNeedsCompletedAnalysisError();
    }
    if (result.outcome !== 'decided') {
      throw new AlreadyReviewedError();
    }
    this.logger.log(`Credential ${credentialId} ${result.review.decision} by staff ${admin.id}`);
    return { review: toCredentialReviewDto(result.review), applicantNotified: notified };
  }
}
