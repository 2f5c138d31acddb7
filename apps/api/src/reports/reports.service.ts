import { Injectable } from '@nestjs/common';
import type { BusinessOverview, BusinessReportName } from '@app/contracts';
import { formatCents, toCsv, type CsvValue } from '@app/domain';
import { ReportsRepository } from './reports.repository';

/** The business overview: a read-only view above payments, enrollments, cohorts and promotions. */
@Injectable()
export class ReportsService {
  constructor(private readonly reports: ReportsRepository) {}

  async overview(now = new Date()): Promise<BusinessOverview> {
    const [collectedByMonth, collectedByTraining, scheduledByMonth, balances, pastDue, cohortFill, checkouts, codes] =
      await Promise.all([
        this.reports.collectedByMonth(),
        this.reports.collectedByTraining(),
        this.reports.scheduledByMonth(),
        this.reports.balances(),
        this.reports.pastDue(),
        this.reports.cohortFill(now),
        this.reports.checkouts(),
        this.reports.promotionUse(),
      ]);
    return {
      generatedAt: now.toISOString(),
      collectedByMonth,
      collectedByTraining,
      scheduledByMonth,
      ...balances,
      pastDue,
      cohortFill,
      checkouts,
      promotionCodes: codes,
    };
  }

  /** One report as CSV (every value quoted, formulas neutralised), money in dollars. */
  async csv(report: BusinessReportName): Promise<string> {
    const table = await this.table(report);
    return toCsv(table.headers, table.rows);
  }

  private async table(report: BusinessReportName): Promise<{ headers: string[]; rows: CsvValue[][] }> {
    const money = (cents: number) => formatCents(cents);
    switch (report) {
      case 'collected-by-month':
        return {
          headers: ['Month', 'Charged', 'Refunded', 'Net'],
          rows: (await this.reports.collectedByMonth()).map((r) => [
            r.month,
            money(r.chargedCents),
            money(r.refundedCents),
            money(r.netCents),
          ]),
        };
      case 'collected-by-training':
        return {
          headers: ['Training', 'Charged', 'Refunded', 'Net'],
          rows: (await this.reports.collectedByTraining()).map((r) => [
            r.trainingName,
            money(r.chargedCents),
            money(r.refundedCents),
            money(r.netCents),
          ]),
        };
      case 'scheduled-by-month':
        return {
          headers: ['Month', 'Installments', 'Amount'],
          rows: (await this.reports.scheduledByMonth()).map((r) => [r.month, r.installments, money(r.cents)]),
        };
      case 'past-due':
        return {
          headers: ['Student Name', 'Trainings', 'Installments Paid', 'Installments', 'Balance', 'Past Due Since'],
          rows: (await this.reports.pastDue()).map((r) => [
            r.studentName,
            r.trainings,
            r.installmentsPaid,
            r.installmentsTotal,
            money(r.balanceCents),
            r.dueSince?.slice(0, 10) ?? '',
          ]),
        };
      case 'cohort-fill':
        return {
          headers: ['Training', 'Cohort', 'Seats Taken', 'Capacity', 'Waitlist'],
          rows: (await this.reports.cohortFill(new Date())).map((r) => [
            r.trainingName,
            r.cohortMonth,
            r.seatsTaken,
            r.capacity ?? 'No limit',
            r.waitlist,
          ]),
        };
      case 'checkouts':
        return {
          headers: ['Month', 'Checkouts Started', 'Paid'],
          rows: (await this.reports.checkouts()).map((r) => [r.month, r.started, r.paid]),
        };
      case 'promotion-codes':
        return {
          headers: ['Code', 'Uses', 'Discount Given', 'Charged'],
          rows: (await this.reports.promotionUse()).map((r) => [
            r.code,
            r.uses,
            money(r.discountCents),
            money(r.chargedCents),
          ]),
        };
    }
  }
}
