import { Global, Module } from '@nestjs/common';
import { PAID_ENROLLMENTS } from '../payments/paid-enrollments.port';
import { EnrollmentsRepository } from './enrollments.repository';

/**
 * Gives payments its PaidEnrollments port, implemented by the enrollments repository. Global because the enrollments
 * feature imports PaymentsModule (refunds, the payment view): PaymentsModule importing enrollments back would be a
 * cycle, so payments depends only on the port it declares.
 */
@Global()
@Module({
  providers: [EnrollmentsRepository, { provide: PAID_ENROLLMENTS, useExisting: EnrollmentsRepository }],
  exports: [EnrollmentsRepository, PAID_ENROLLMENTS],
})
export class PaidEnrollmentsModule {}
