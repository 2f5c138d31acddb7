import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Cohort } from '../cohorts/cohort.entity';
import { Payment } from '../payments/payment.entity';
import { Enrollment } from './enrollment.entity';

export interface EnrollmentQuery {
  trainingName?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface NewEnrollment {
  studentName: string;
  studentEmail: string;
  trainingName: string;
  cohort: Cohort | null;
  paymentType: Enrollment['paymentType'];
  paymentAmount: number;
  enrollmentStatus: Enrollment['enrollmentStatus'];
  notes: string | null;
  isManualEntry: boolean;
}

@Injectable()
export class EnrollmentsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Newest first, with the cohort loaded for its month. */
  list(query: EnrollmentQuery): Promise<Enrollment[]> {
    const where: FilterQuery<Enrollment> = {};
    if (query.trainingName) where.trainingName = query.trainingName;
    if (query.createdFrom || query.createdBefore) {
      where.createdAt = {
        ...(query.createdFrom ? { $gte: query.createdFrom } : {}),
        ...(query.createdBefore ? { $lt: query.createdBefore } : {}),
      };
    }
    return this.em.find(Enrollment, where, { populate: ['cohort'], orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** A cohort's students by name, for its CSV. */
  listByCohort(cohort: Cohort): Promise<Enrollment[]> {
    return this.em.find(Enrollment, { cohort }, { orderBy: { studentName: 'asc', createdAt: 'asc' } });
  }

  /** The installment plans (more than one installment) of these payment intents, by payment intent. */
  async installmentPlans(paymentIntentIds: string[]): Promise<Map<string, Pick<Payment, 'installmentsPaid' | 'installmentsTotal' | 'planStatus'>>> {
    if (paymentIntentIds.length === 0) return new Map();
    const payments = await this.em.find(
      Payment,
      { providerPaymentId: { $in: paymentIntentIds }, installmentsTotal: { $gt: 1 } },
      { fields: ['providerPaymentId', 'installmentsPaid', 'installmentsTotal', 'planStatus'] },
    );
    return new Map(payments.map((payment) => [payment.providerPaymentId, payment]));
  }

  findById(id: string): Promise<Enrollment | null> {
    return this.em.findOne(Enrollment, { id });
  }

  async create(values: NewEnrollment): Promise<Enrollment> {
    const enrollment = this.em.create(Enrollment, { ...values, paymentIntentId: null, createdAt: new Date() });
    await this.em.persistAndFlush(enrollment);
    return enrollment;
  }

  async remove(enrollment: Enrollment): Promise<void> {
    await this.em.removeAndFlush(enrollment);
  }
}
