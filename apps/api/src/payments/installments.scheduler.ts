import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InstallmentsService } from './installments.service';

/** Hourly, so an installment is charged within an hour of falling due, also after the API was down. */
@Injectable()
export class InstallmentsScheduler {
  private readonly logger = new Logger(InstallmentsScheduler.name);
  private running = false;

  constructor(private readonly installments: InstallmentsService) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'payment-installments' })
  async run(): Promise<void> {
    // One run at a time in this process; the installment claim key also guards against other processes.
    if (this.running) return;
    this.running = true;
    try {
      const result = await this.installments.chargeDueInstallments(new Date());
      if (result.charged || result.failed) {
        this.logger.log(`Installments charged: ${result.charged}, failed: ${result.failed}`);
      }
    } catch (error) {
      this.logger.error(`Installment run failed: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      this.running = false;
    }
  }
}
