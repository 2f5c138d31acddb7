import { Injectable, Logger } from '@nestjs/common';
import type {
  AccountCharge,
  AccountDataExport,
  AccountOverview,
  AccountTraining,
  AccountUpdateCardLink,
  CancelPlanResponse,
  ReceiptDocument,
} from '@app/contracts';
import {
  billingStatusLabel,
  billingSummary,
  canTraineeCancelPlan,
  cohortMonthLabel,
  ERASURE_STATEMENT,
  paymentPlanLabel,
  upcomingInstallments,
} from '@app/domain';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import type { Viewer } from '../applicants/viewer';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { CohortListCache } from '../cohorts/cohort-list-cache';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { CredentialViewsService } from '../credential-views/credential-views.service';
import { requireApplicant } from '../credentials/credentials.service';
import { billingInputOfRow } from '../enrollments/enrollment-admin.service';
import type { EnrollmentTableRow } from '../enrollments/enrollment-table.repository';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository';
import { OutboxRepository } from '../mail/outbox.repository';
import { UpdateCardLinks } from '../mail/update-card-links';
import { PaymentsRepository } from '../payments/payments.repository';
import { ReceiptNotFoundError } from '../receipts/receipts.errors';
import type { ReceiptRow } from '../receipts/receipts.repository';
import { ReceiptsService, toReceiptSummary } from '../receipts/receipts.service';
import {
  AccountEnrollmentNotFoundError,
  AccountSignInRequiredError,
  CardUpdateNotAvailableError,
  PlanNotCancellableError,
} from './accounts.errors';
import { AccountsRepository, type AccountChargeRow } from './accounts.repository';

interface Account {
  id: string;
  email: string;
  createdAt: Date;
}

/**
 * The trainee's own account: one account per email (the applicant identity that signed in by email link). It owns
 * the enrollments whose student email is its email; their money is read with libs/domain's billing rules.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly repository: AccountsRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly receipts: ReceiptsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly payments: PaymentsRepository,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly cohortList: CohortListCache,
    private readonly links: UpdateCardLinks,
    private readonly credentialViews: CredentialViewsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private async requireAccount(viewer: Viewer): Promise<Account> {
    const applicantId = requireApplicant(viewer);
    const applicant = await this.applicants.findById(applicantId);
    if (!applicant?.email) throw new AccountSignInRequiredError();
    return { id: applicant.id, email: applicant.email, createdAt: applicant.createdAt };
  }

  async overview(viewer: Viewer): Promise<AccountOverview> {
    const account = await this.requireAccount(viewer);
    return { email: account.email, trainings: await this.trainings(account) };
  }

  private async trainings(account: Account): Promise<AccountTraining[]> {
    const rows = await this.repository.enrollmentsOf(account.email);
    const paymentIds = [...new Set(rows.flatMap((row) => (row.payment_id ? [row.payment_id] : [])))];
    const [charges, receipts] = await Promise.all([
      this.repository.charges(paymentIds),
      this.receipts.forPayments(paymentIds),
    ]);
    return rows.map((row) => this.training(row, charges, receipts));
  }

  private training(row: EnrollmentTableRow, charges: AccountChargeRow[], receipts: ReceiptRow[]): AccountTraining {
    const input = billingInputOfRow(row);
    const summary = billingSummary(input);
    const ownReceipts = receipts.filter((receipt) => receipt.paymentId === row.payment_id);
    const pastCharges: AccountCharge[] = charges
      .filter((charge) => charge.paymentId === row.payment_id)
      .map((charge) => {
        const receipt = ownReceipts.find(
          (candidate) => candidate.kind === 'receipt' && candidate.installmentNumber === charge.installmentNumber,
        );
        return {
          number: charge.installmentNumber,
          chargedAt: charge.chargedAt.toISOString(),
          amountCents: charge.amountCents,
          cardLast4: receipt?.cardLast4 ?? charge.cardLast4,
          paidWith: receipt?.paidWith ?? 'card',
          receipt: receipt ? toReceiptSummary(receipt) : null,
        };
      });
    const isPlan = input.plan !== null;
    const planActive = isPlan && (row.plan_status === 'active' || row.plan_status === 'past_due');
    return {
      enrollmentId: row.id,
      trainingName: row.training_name,
      cohortMonth: row.cohort_month,
      cohortLabel: row.cohort_month ? cohortMonthLabel(row.cohort_month) : null,
      enrollmentStatus: row.enrollment_status,
      billingStatus: summary.status,
      billingStatusLabel: billingStatusLabel(summary.status),
      planLabel: row.payment_id
        ? paymentPlanLabel(row.payment_type)
        : `${paymentPlanLabel(row.payment_type)} (entered by the provider)`,
      progressLabel: summary.progressLabel,
      paidCents: summary.paidCents,
      balanceCents: summary.balanceCents,
      totalCents: summary.totalCents,
      nextChargeAt: summary.nextChargeAt?.toISOString() ?? null,
      pastCharges,
      upcomingCharges: upcomingInstallments(summary, input.plan).map((installment) => ({
        number: installment.number,
        dueAt: installment.dueAt.toISOString(),
        amountCents: installment.amountCents,
      })),
      creditNotes: ownReceipts.filter((receipt) => receipt.kind === 'credit-note').map(toReceiptSummary),
      canCancel: canTraineeCancelPlan(summary),
      canUpdateCard: planActive && row.enrollment_status !== 'cancelled' && summary.status !== 'refunded',
    };
  }

  /** One of the account's receipts; another account's answers 404, as an id that does not exist. */
  async receipt(viewer: Viewer, id: string): Promise<ReceiptDocument> {
    const account = await this.requireAccount(viewer);
    const row = await this.ownedReceipt(account, id);
    return this.receipts.toDocument(row);
  }

  async receiptPdf(viewer: Viewer, id: string): Promise<{ fileName: string; content: Uint8Array }> {
    const account = await this.requireAccount(viewer);
    const row = await this.ownedReceipt(account, id);
    return this.receipts.pdf(row.id);
  }

  private async ownedReceipt(account: Account, id: string): Promise<ReceiptRow> {
    const document = await this.receipts.row(id);
    if (!document || !(await this.repository.ownsPayment(document.paymentId, account.email))) {
      throw new ReceiptNotFoundError();
    }
    return document;
  }

  /** A signed link to the existing update-card page for the plan of one of the account's enrollments. */
  async updateCardLink(viewer: Viewer, enrollmentId: string): Promise<AccountUpdateCardLink> {
    const account = await this.requireAccount(viewer);
    const row = await this.repository.ownedEnrollment(enrollmentId, account.email);
    if (!row) throw new AccountEnrollmentNotFoundError();
    const training = this.training(row, [], []);
    if (!training.canUpdateCard || !row.payment_id) throw new CardUpdateNotAvailableError();
    return { path: `/billing/update-card?token=${encodeURIComponent(this.links.token(row.payment_id))}` };
  }

  /**
   * Stops the remaining installments of a plan: the enrollment is cancelled (the scheduler charges no plan whose
   * enrollments are all cancelled, and the cohort counts no cancelled enrollment, so the seat is free for the waitlist
   * as an admin offers it), with an audit event and a mail to the trainee and to the provider, in one transaction.
   * Under the payment row's lock, which every installment claim takes too: a charge claimed before it may still go
   * through, once; none is claimed after it.
   */
  async cancelPlan(viewer: Viewer, enrollmentId: string): Promise<CancelPlanResponse> {
    const account = await this.requireAccount(viewer);
    const row = await this.repository.ownedEnrollment(enrollmentId, account.email);
    if (!row) throw new AccountEnrollmentNotFoundError();
    if (!row.payment_id || !canTraineeCancelPlan(billingSummary(billingInputOfRow(row)))) {
      throw new PlanNotCancellableError('Only a payment plan with installments still to pay can be cancelled here');
    }
    const paymentId = row.payment_id;
    const result = await this.cohortList.changing(() =>
      this.tx.run(async (em) => {
        const plan = await this.payments.lockPlanForCancellation(em, paymentId);
        const before = await this.enrollments.lockForChange(em, enrollmentId);
        if (!plan || !before) throw new AccountEnrollmentNotFoundError();
        if (before.enrollmentStatus === 'cancelled')
          throw new PlanNotCancellableError('This plan is already cancelled');
        const stopped = Math.max(0, plan.installmentsTotal - plan.installmentsPaid);
        if (stopped === 0) throw new PlanNotCancellableError('This plan is paid in full: nothing is left to stop');
        const today = new Date().toISOString().slice(0, 10);
        const note = `Plan cancelled by the trainee from their account on ${today}: ${stopped} installment(s) stopped; no refund made`;
        await this.enrollments.applyChanges(em, enrollmentId, {
          enrollmentStatus: 'cancelled',
          cohortId: before.cohortId,
          notes: before.notes ? `${before.notes}\n${note}` : note,
        });
        await this.audit.record(
          em,
          null,
          'enrollment.cancel-by-trainee',
          { type: 'enrollment', id: enrollmentId },
          `The trainee cancelled the plan of enrollment ${enrollmentId} (${plan.installmentsPaid} of ${plan.installmentsTotal} paid, ${stopped} stopped)`,
          { enrollmentStatus: { from: before.enrollmentStatus, to: 'cancelled' }, installmentsStopped: stopped },
        );
        const data = {
          buyerName: before.studentName,
          trainingName: before.trainingName,
          enrollmentId,
          installmentsPaid: plan.installmentsPaid,
          installmentsTotal: plan.installmentsTotal,
          installmentsStopped: stopped,
        };
        await OutboxRepository.enqueue(em, [
          {
            key: `plan-cancelled:${enrollmentId}`,
            to: account.email,
            template: 'plan-cancelled',
            paymentIntentId: before.paymentIntentId,
            data: { ...data, audience: 'trainee' },
          },
          {
            key: `plan-cancelled-admin:${enrollmentId}`,
            to: this.config.adminNotifyEmail,
            template: 'plan-cancelled',
            paymentIntentId: before.paymentIntentId,
            data: { ...data, audience: 'admin' },
          },
        ]);
        return { enrollmentId, enrollmentStatus: 'cancelled' as const, stoppedInstallments: stopped };
      }),
    );
    this.logger.log(
      `Enrollment ${enrollmentId}: plan cancelled by its trainee (${result.stoppedInstallments} stopped)`,
    );
    return result;
  }

  /** "Download my data": the account's enrollments with their money, receipt numbers, credentials and evaluations. */
  async dataExport(viewer: Viewer): Promise<AccountDataExport> {
    const account = await this.requireAccount(viewer);
    const [trainings, credentials] = await Promise.all([this.trainings(account), this.credentialViews.listOwn(viewer)]);
    const receipts = trainings.flatMap((training) => [
      ...training.pastCharges.flatMap((charge) => (charge.receipt ? [charge.receipt] : [])),
      ...training.creditNotes,
    ]);
    const unique = [...new Map(receipts.map((receipt) => [receipt.number, receipt])).values()];
    return {
      exportedAt: new Date().toISOString(),
      account: { email: account.email, createdAt: account.createdAt.toISOString() },
      enrollments: trainings.map(({ canCancel: _cancel, canUpdateCard: _card, ...training }) => training),
      receipts: unique.map(({ number, kind, amountCents, issuedAt }) => ({ number, kind, amountCents, issuedAt })),
      credentials,
      erasure: ERASURE_STATEMENT,
    };
  }
}
