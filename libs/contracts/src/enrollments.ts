import type { PaymentType } from './payments';
import type { TrainingName } from './trainings';

export const ENROLLMENT_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const DEFAULT_ENROLLMENT_STATUS: EnrollmentStatus = 'active';

export function isEnrollmentStatus(value: unknown): value is EnrollmentStatus {
  return typeof value === 'string' && (ENROLLMENT_STATUSES as readonly string[]).includes(value);
}

/** paymentAmount is integer cents; cohortMonth is joined from the cohort ('YYYY-MM'). */
export interface Enrollment {
  id: string;
  studentName: string;
  studentEmail: string;
  trainingName: TrainingName;
  cohortId: string | null;
  cohortMonth: string | null;
  paymentType: PaymentType;
  paymentAmount: number;
  enrollmentStatus: EnrollmentStatus;
  notes: string | null;
  isManualEntry: boolean;
  createdAt: string;
  /** True when a later installment of this enrollment's payment plan was declined. */
  pastDue: boolean;
  /** Installment plans bought at checkout: installments paid so far and in all; null otherwise. */
  installmentsPaid: number | null;
  installmentsTotal: number | null;
}

/** The admin's manual entry payload (spec section 7); paymentAmount is integer cents. */
export interface CreateEnrollmentRequest {
  studentName: string;
  studentEmail: string;
  trainingName: TrainingName;
  cohortId: string | null;
  paymentType: PaymentType;
  paymentAmount: number;
  enrollmentStatus: EnrollmentStatus;
  notes: string | null;
  isManualEntry: true;
}

/** startDate and endDate are 'YYYY-MM-DD', inclusive. */
export interface EnrollmentFilters {
  trainingName?: TrainingName;
  startDate?: string;
  endDate?: string;
}
