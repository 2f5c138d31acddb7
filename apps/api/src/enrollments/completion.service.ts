import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CohortCompletionPreview, CompleteEnrollmentsRequest, CompletionResult } from '@app/contracts';
import { completionFieldError, completionProblem, formatCents } from '@app/domain';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { CertificatesService, type CompletionToCertify } from '../certificates/certificates.service';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import { ValidationFailedError } from '../common/errors/app-error';
import { TrainingsRepository } from '../trainings/trainings.repository';
import { toEnrollmentRow } from './enrollment-admin.service';
import { EnrollmentTableRepository } from './enrollment-table.repository';
import { CohortNotFoundForCompletionError } from './enrollments.errors';
import { EnrollmentsRepository } from './enrollments.repository';
import { CohortListCache } from '../cohorts/cohort-list-cache';

/**
 * Completion of a cohort or of chosen enrollments: in one transaction the enrollments are marked completed with the
 * date and the training's contact hours, each completion is audited (an unpaid balance only with the override, which
 * the audit names), and each gets one signed certificate and one mail. Run again, it completes and issues nothing.
 */
@Injectable()
export class CompletionService {
  private readonly logger = new Logger(CompletionService.name);

  constructor(
    private readonly table: EnrollmentTableRepository,
    private readonly enrollments: EnrollmentsRepository,
    private readonly cohorts: CohortsRepository,
    private readonly trainings: TrainingsRepository,
    private readonly certificates: CertificatesService,
    private readonly audit: AuditService,
    private readonly transactions: TransactionRunner,
    private readonly cohortList: CohortListCache,
  ) {}

  /** A completion in one transaction; the admin panel's kept answer (CohortListCache) is dropped once it commits. */
  private change<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.cohortList.changing(() => this.transactions.run(work));
  }

  async preview(cohortId: string): Promise<CohortCompletionPreview> {
    const cohort = await this.cohorts.findById(cohortId);
    if (!cohort) throw new CohortNotFoundForCompletionError();
    const rows = await this.table.all({ cohortId, sort: 'studentName', direction: 'asc' });
    return {
      cohortId,
      trainingName: cohort.trainingName,
      cohortMonth: cohort.cohortMonth,
      contactHours: await this.trainings.contactHours(cohort.trainingName),
      candidates: rows.map((raw) => {
        const row = toEnrollmentRow(raw);
        return {
          enrollmentId: row.id,
          studentName: row.studentName,
          studentEmail: row.studentEmail,
          enrollmentStatus: row.enrollmentStatus,
          balanceCents: row.balanceCents,
          eligible: row.enrollmentStatus === 'active',
        };
      }),
    };
  }

  async complete(request: CompleteEnrollmentsRequest, actor: AuditActor): Promise<CompletionResult> {
    const dateProblem = completionFieldError('completedOn', request.completedOn);
    if (dateProblem) throw new ValidationFailedError(dateProblem, { completedOn: [dateProblem] });
    const allowUnpaid = request.allowUnpaidBalance === true;
    let ids: string[];
    if (request.cohortId) {
      if (!(await this.cohorts.findById(request.cohortId))) throw new CohortNotFoundForCompletionError();
      const rows = await this.table.all({ cohortId: request.cohortId, sort: 'createdAt', direction: 'asc' });
      ids = rows.filter((row) => row.enrollment_status === 'active').map((row) => row.id);
    } else if (request.enrollmentIds && request.enrollmentIds.length > 0) {
      ids = [...new Set(request.enrollmentIds)];
    } else {
      const message = 'Choose a cohort or the enrollments to complete';
      throw new ValidationFailedError(message, { cohortId: [message] });
    }

    const result = await this.change(async (em) => {
      const locked = await this.enrollments.lockForCompletion(em, ids);
      const rows = [];
      for (const id of locked) {
        const raw = await this.table.findRow(id);
        if (raw) rows.push(toEnrollmentRow(raw));
      }
      if (!request.cohortId && rows.length !== ids.length) {
        throw new ValidationFailedError('Some of these enrollments do not exist', {
          enrollmentIds: ['Unknown enrollment'],
        });
      }
      const refused = rows
        .map((row) => ({
          row,
          problem: completionProblem({
            enrollmentStatus: row.enrollmentStatus,
            balanceCents: row.balanceCents,
            allowUnpaidBalance: allowUnpaid,
          }),
        }))
        // A cohort completion skips those completed or cancelled meanwhile; a chosen enrollment must be completable.
        .filter(({ row, problem }) => problem !== null && (!request.cohortId || row.enrollmentStatus === 'active'));
      if (refused.length > 0) {
        const unpaid = refused.filter(({ problem }) => problem === 'has an unpaid balance').length;
        const message =
          unpaid > 0
            ? `${unpaid} of these enrollments still owe a balance: confirm the override to complete them anyway`
            : `Cannot complete: ${refused.map(({ row, problem }) => `${row.studentName} ${problem}`).join('; ')}`;
        throw new ValidationFailedError(message, { allowUnpaidBalance: [message] });
      }
      const targets = rows.filter((row) => row.enrollmentStatus === 'active');
      const hoursByTraining = new Map<string, number>();
      for (const training of new Set(targets.map((row) => row.trainingName))) {
        const hours = await this.trainings.contactHours(training, em);
        if (hours === null) {
          const message = `Set the contact hours of ${training} first (Training settings in the panel)`;
          throw new ValidationFailedError(message, { contactHours: [message] });
        }
        hoursByTraining.set(training, hours);
      }
      const completions: CompletionToCertify[] = [];
      let completed = 0;
      for (const row of targets) {
        const hours = hoursByTraining.get(row.trainingName) ?? 0;
        completed += await this.enrollments.markCompleted(em, [row.id], request.completedOn, hours);
        const override = row.balanceCents > 0 ? { balanceCents: row.balanceCents } : null;
        await this.audit.record(
          em,
          actor,
          'enrollment.complete',
          { type: 'enrollment', id: row.id },
          `Completed ${row.trainingName} on ${request.completedOn} with ${hours} contact hours` +
            (override ? `; unpaid balance of ${formatCents(override.balanceCents)} completed by override` : ''),
          {
            completedOn: request.completedOn,
            contactHours: hours,
            cohortId: request.cohortId ?? row.cohortId,
            unpaidBalanceOverride: override,
          },
        );
        completions.push({
          enrollmentId: row.id,
          recipientName: row.studentName,
          recipientEmail: row.studentEmail,
          trainingName: row.trainingName,
          cohortMonth: row.cohortMonth,
          contactHours: hours,
          completedOn: request.completedOn,
        });
      }
      const issued = await this.certificates.issueCompletions(em, completions);
      return {
        completed,
        certificatesIssued: issued.ids.length,
        mailsQueued: issued.mails,
        certificateIds: issued.ids,
      };
    });
    this.logger.log(
      `Completion by admin ${actor.id}: ${result.completed} enrollments, ${result.certificatesIssued} certificates`,
    );
    return result;
  }

  /**
   * The repair job: a completed enrollment (with a completion date) that has no certificate gets one, with its mail.
   * Whatever has one already is left alone, so running it twice issues and mails nothing twice.
   */
  async issueMissingCertificates(): Promise<number> {
    return this.transactions.run(async (em: EntityManager) => {
      const missing = await this.enrollments.completedWithoutCertificate(em);
      const locked = new Set(
        await this.enrollments.lockForCompletion(
          em,
          missing.map((m) => m.enrollmentId),
        ),
      );
      const issued = await this.certificates.issueCompletions(
        em,
        missing.filter((m) => locked.has(m.enrollmentId)),
      );
      return issued.ids.length;
    });
  }
}
