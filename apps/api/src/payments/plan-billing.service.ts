import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { billingRestartProblem, stopsPlan } from '@app/domain';
import type { PlanStatus } from './payment.entity';
import { BillingRestartNotPossibleError } from './payments.errors';
import { PaymentsRepository } from './payments.repository';

/**
 * Stops and restarts installment plans, by the rules in libs/domain (enrollment-billing.ts): a refund or a
 * cancellation stops a running plan; only an admin's explicit restart runs it again. Every method runs on the `em` of
 * the caller's transaction, where the payment row is locked before the enrollment's.
 */
@Injectable()
export class PlanBillingService {
  constructor(private readonly payments: PaymentsRepository) {}

  /** Locks the payment's row (a manual entry has none); call before locking the enrollment. */
  async lock(
    em: EntityManager,
    paymentIntentId: string | null,
  ): Promise<{ id: string; planStatus: PlanStatus } | null> {
    return paymentIntentId ? this.payments.lockPlan(em, paymentIntentId) : null;
  }

  /** Stops the plan of a refunded or cancelled enrollment; true when it was running. */
  async stop(em: EntityManager, paymentIntentId: string | null): Promise<boolean> {
    if (!paymentIntentId) return false;
    const plan = await this.payments.lockPlan(em, paymentIntentId);
    if (!plan || !stopsPlan(plan.planStatus)) return false;
    return this.payments.stopPlan(em, paymentIntentId);
  }

  /** Restarts a stopped plan (the enrollment must be active again); the plan's new status. */
  async restart(em: EntityManager, paymentIntentId: string | null, enrollmentStatus: string): Promise<PlanStatus> {
    const plan = paymentIntentId ? await this.payments.lockPlan(em, paymentIntentId) : null;
    const problem = billingRestartProblem({
      planStatus: plan?.planStatus ?? 'none',
      enrollmentStatus,
      installmentsPaid: plan?.installmentsPaid ?? 0,
      installmentsTotal: plan?.installmentsTotal ?? 1,
    });
    if (problem || !plan)
      throw new BillingRestartNotPossibleError(problem ?? 'This enrollment has no installment plan');
    const status = await this.payments.restartPlan(em, plan.id);
    if (!status) throw new BillingRestartNotPossibleError("This plan's billing is not stopped");
    return status;
  }
}
