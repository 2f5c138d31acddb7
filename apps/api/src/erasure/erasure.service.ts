import { EntityManager } from '@mikro-orm/postgresql';
import { TransactionRunner } from '../database/transaction-runner';
import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { LEGACY_APPLICANT_ID, type ErasureResult } from '@app/contracts';
import { AnalysisRepository } from '../analysis/analysis.repository';
import { ApplicantSessionsService } from '../applicants/applicant-sessions.service';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import { CertificatesRepository } from '../certificates/certificates.repository';
import type { Viewer } from '../applicants/viewer';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { CredentialsService } from '../credentials/credentials.service';
import { GmailRepository } from '../gmail/gmail.repository';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { OutboxRepository } from '../mail/outbox.repository';
import { SignInRepository } from '../sign-in/sign-in.repository';
import { StorageService } from '../storage/storage.service';
import { ApplicantCredentialBeingAnalyzedError, CredentialBeingAnalyzedError } from './erasure.errors';
import { UploadsRepository } from '../uploads/uploads.repository';
import { ErasureRepository } from './erasure.repository';
import { WebhookOutbox } from '../webhooks/webhook-outbox';

const SWEEP_BATCH = 100;
/** Retries back off from a minute up to an hour; a deletion is retried until storage confirms it. */
const MAX_RETRY_MINUTES = 60;

@Injectable()
export class ErasureService {
  private readonly logger = new Logger(ErasureService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly tx: TransactionRunner,
    private readonly repository: ErasureRepository,
    private readonly credentials: CredentialsService,
    private readonly credentialsRepository: CredentialsRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly sessions: ApplicantSessionsService,
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /**
   * The owner (or staff) deletes a credential: its rows in one transaction (documents, phase records, evaluation with
   * its lead contacts, review and drafts, each deleted by its owner), its stored files right after and by the sweep
   * until gone.
   */
  async eraseCredential(id: string, viewer: Viewer): Promise<void> {
    const credential = await this.credentials.requireVisible(id, viewer);
    if (credential.status === 'analyzing') {
      throw new CredentialBeingAnalyzedError();
    }
    const result = await this.tx.run(async (em) => {
      const erased = await this.eraseCredentials(em, { ids: [id] });
      await this.scheduleObjects(em, erased.objectKeys);
      return erased;
    });
    if (result.analyzing.length > 0) {
      throw new CredentialBeingAnalyzedError();
    }
    this.logger.log(`Credential ${id} erased by ${viewer.kind === 'staff' ? `staff ${viewer.admin.id}` : 'its owner'}`);
    await this.sweepAfterCommit();
  }

  /**
   * Everything held about an address: its applicant account, its sessions and records, lead contacts, drafts, sign-in
   * links and the evaluation area's mails to it; its evaluation reports are withdrawn. Enrollments, their mails and
   * certificates of completion are a purchase's and a training's records and stay.
   */
  async eraseByEmail(rawEmail: string, staffId: string): Promise<ErasureResult> {
    const email = rawEmail.trim().toLowerCase();
    const result = await this.tx.run(async (em) => {
      const applicant = await this.applicants.findByEmail(email, em);
      const ownerIds = applicant && applicant.id !== LEGACY_APPLICANT_ID ? [applicant.id] : [];
      const erased = ownerIds.length ? await this.eraseCredentials(em, { ownerIds }) : null;
      if (erased && erased.analyzing.length > 0) {
        throw new ApplicantCredentialBeingAnalyzedError();
      }
      await this.scheduleObjects(em, erased?.objectKeys ?? []);
      // Reports addressed to the address whose credential is gone already (or another owner's): withdrawn too.
      const withdrawnByEmail = await CertificatesRepository.withdrawReports(em, { credentialIds: [], email });
      return {
        credentials: erased?.deleted.length ?? 0,
        // Every signed-in browser of the account is signed out at once (a copied cookie too).
        sessions: await this.applicants.deleteSessionsOf(em, ownerIds),
        applicants: await this.applicants.delete(em, ownerIds),
        withdrawnReports: (erased?.withdrawnReports ?? 0) + withdrawnByEmail,
        leadContacts: await AnalysisRepository.removeLeadContacts(em, email),
        emailDrafts: await GmailRepository.deleteDraftsForContact(em, email),
        signInTokens: await SignInRepository.deleteForEmail(em, email),
        mails: await OutboxRepository.deleteApplicantMailsTo(em, email),
      };
    });
    // Counts and ids only: the address itself stays out of the logs.
    this.logger.log(`Erasure by email by staff ${staffId}: ${JSON.stringify(result)}`);
    await this.sweepAfterCommit();
    return result;
  }

  /**
   * The sweep right after an erasure committed: its failure (a database outage) must not turn the answer into an
   * error for rows that are in fact gone, and the scheduled sweep finishes the objects within a minute.
   */
  private async sweepAfterCommit(): Promise<void> {
    try {
      await this.sweepObjectDeletions();
    } catch (error) {
      this.logger.warn(
        `Sweep after an erasure failed; the scheduled sweep retries: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Deletes the objects of erased records; a failure is retried later, with backoff, until storage confirms. */
  @Cron(CronExpression.EVERY_MINUTE)
  async sweepObjectDeletions(now = new Date()): Promise<{ deleted: number; failed: number }> {
    let deleted = 0;
    let failed = 0;
    for (const pending of await this.repository.due(now, SWEEP_BATCH)) {
      try {
        await this.storage.delete(pending.objectKey);
        if (await this.storage.head(pending.objectKey)) throw new Error('the object is still there after DELETE');
        await this.repository.done(pending.objectKey);
        deleted++;
      } catch (error) {
        failed++;
        const attempts = pending.attempts + 1;
        const minutes = Math.min(MAX_RETRY_MINUTES, 2 ** Math.min(attempts - 1, 6));
        const message = error instanceof Error ? error.message : String(error);
        await this.repository.retryLater(
          pending.objectKey,
          attempts,
          new Date(now.getTime() + minutes * 60_000),
          message,
        );
        this.logger.warn(
          `Could not delete object ${pending.objectKey} (attempt ${attempts}); retrying in ${minutes} min: ${message}`,
        );
      }
    }
    return { deleted, failed };
  }

  /**
   * Credentials abandoned before analysis and anonymous applicants who never kept anything are erased after
   * CREDENTIAL_RETENTION_DAYS. (Uploads never registered are swept hourly by the uploads module.)
   */
  @Cron(CronExpression.EVERY_HOUR)
  async sweepRetention(now = new Date()): Promise<{ credentials: number; applicants: number }> {
    const cutoff = new Date(now.getTime() - this.config.records.retentionDays * 86_400_000);
    const ids = await this.credentialsRepository.findAbandoned(cutoff, SWEEP_BATCH);
    const erased = ids.length
      ? await this.tx.run(async (em) => {
          const result = await this.eraseCredentials(em, { ids });
          await this.scheduleObjects(em, result.objectKeys);
          return result.deleted.length;
        })
      : 0;
    const applicants = await this.applicants.deleteEmptyAnonymous(cutoff, LEGACY_APPLICANT_ID, this.em.fork());
    await this.sessions.pruneEnded(now);
    if (erased + applicants > 0)
      this.logger.log(`Retention: erased ${erased} abandoned credential(s) and ${applicants} empty applicant(s)`);
    await this.sweepObjectDeletions();
    return { credentials: erased, applicants };
  }

  /**
   * Locks the credentials, then deletes the rows of the deletable ones in `em`'s transaction, each table by its owner:
   * drafts, review, phase records and evaluation, then the credential with its documents. `analyzing` ones are left
   * alone and reported (the caller refuses or skips them).
   */
  private async eraseCredentials(
    em: EntityManager,
    where: { ids?: string[]; ownerIds?: string[] },
  ): Promise<{ deleted: string[]; analyzing: string[]; objectKeys: string[]; withdrawnReports: number }> {
    const erased = await this.credentialsRepository.lockForErasure(em, where);
    // Their signed evaluation reports: revoked in the status list and stripped of personal data, before the
    // credentials go (the reports point at them).
    const withdrawnReports = await CertificatesRepository.withdrawReports(em, {
      credentialIds: erased.deleted,
      email: null,
    });
    await GmailRepository.deleteDraftsForCredentials(em, erased.deleted);
    await ReviewsRepository.deleteForCredentials(em, erased.deleted);
    await AnalysisRepository.deleteForCredentials(em, erased.deleted);
    await CredentialsRepository.deleteWithDocuments(em, erased.deleted);
    await WebhookOutbox.forget(em, { credentialIds: erased.deleted, applicantIds: where.ownerIds ?? [] });
    return { ...erased, withdrawnReports };
  }

  /** The erased objects are queued for the sweep, and their issued-upload records go so no one registers them again. */
  private async scheduleObjects(em: EntityManager, objectKeys: string[]): Promise<void> {
    await this.repository.scheduleObjects(em, objectKeys);
    await UploadsRepository.forgetObjects(em, objectKeys);
  }
}
