import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';
import { TestModeIntentsRepository } from './providers/test-mode-intents.repository';

/** A confirmation still running is left alone this long: it records the payment itself. */
export const TEST_MODE_RECONCILE_GRACE_MS = 60 * 1000;

/**
 * Test mode heals itself as Stripe's webhook would: every minute, a test-mode intent that succeeded without its
 * payment being recorded (the card form's confirmation was cut off between the charge and the enrollment) is
 * reconciled through the same enrollment path, whose enroll-once key makes a repeat, or a race with the buyer's own
 * reconciliation, insert nothing. With Stripe the signed webhook does this, and the job does nothing.
 */
@Injectable()
export class TestModeReconcileScheduler {
  private readonly logger = new Logger(TestModeReconcileScheduler.name);
  private running = false;

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly intents: TestModeIntentsRepository,
    private readonly confirmation: PaymentConfirmationService,
    private readonly orm: MikroORM,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'test-mode-reconcile' })
  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.reconcileStranded(new Date());
    } catch (error) {
      this.logger.error(`Test-mode reconciliation failed: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  /** Reconciles up to `limit` stranded intents last changed a grace period before `now`; how many were enrolled. */
  reconcileStranded(now: Date, limit = 50): Promise<number> {
    if (this.provider.name !== 'test') return Promise.resolve(0);
    return RequestContext.create(this.orm.em, async () => {
      let enrolled = 0;
      for (const id of await this.intents.findSucceededNotEnrolled(
        new Date(now.getTime() - TEST_MODE_RECONCILE_GRACE_MS),
        limit,
      )) {
        const result = await this.confirmation.reconcile(id);
        if (result.enrollmentIds.length > 0) {
          enrolled += 1;
          this.logger.warn(`Test-mode payment intent ${id} had succeeded without its enrollment; reconciled`);
        }
      }
      return enrolled;
    });
  }
}
