import { Injectable } from '@nestjs/common';
import type { CreateEnrollmentRequest, Enrollment as EnrollmentDto, EnrollmentFilters } from '@app/contracts';
import { cohortCsvFileName, cohortStudentsCsv } from '@app/domain';
import { CohortNotFoundException } from '../cohorts/cohorts.errors';
import { CohortsRepository } from '../cohorts/cohorts.repository';
import { creationWindow } from './enrollment-date-range';
import { Enrollment } from './enrollment.entity';
import { EnrollmentNotFoundException, InvalidEnrollmentCohortException } from './enrollments.errors';
import { EnrollmentsRepository } from './enrollments.repository';

export function toEnrollmentDto(
  enrollment: Enrollment,
  plan: { installmentsPaid: number; installmentsTotal: number; planStatus: string } | null = null,
): EnrollmentDto {
  return {
    id: enrollment.id,
    studentName: enrollment.studentName,
    studentEmail: enrollment.studentEmail,
    trainingName: enrollment.trainingName as EnrollmentDto['trainingName'],
    cohortId: enrollment.cohort?.id ?? null,
    cohortMonth: enrollment.cohort?.cohortMonth ?? null,
    paymentType: enrollment.paymentType,
    paymentAmount: enrollment.paymentAmount,
    enrollmentStatus: enrollment.enrollmentStatus,
    notes: enrollment.notes,
    isManualEntry: enrollment.isManualEntry,
    createdAt: enrollment.createdAt.toISOString(),
    pastDue: plan?.planStatus === 'past_due',
    installmentsPaid: plan?.installmentsPaid ?? null,
    installmentsTotal: plan?.installmentsTotal ?? null,
  };
}

export interface CohortCsv {
  fileName: string;
  content: string;
  enrollmentCount: number;
}

@Injectable()
export class EnrollmentsService {
  constructor(
    private readonly enrollments: EnrollmentsRepository,
    private readonly cohorts: CohortsRepository,
  ) {}

  async list(filters: EnrollmentFilters): Promise<EnrollmentDto[]> {
    const window = creationWindow(filters.startDate, filters.endDate);
    const rows = await this.enrollments.list({
      trainingName: filters.trainingName,
      createdFrom: window.from,
      createdBefore: window.before,
    });
    const plans = await this.enrollments.installmentPlans(rows.flatMap((row) => (row.paymentIntentId ? [row.paymentIntentId] : [])));
    return rows.map((row) => toEnrollmentDto(row, (row.paymentIntentId && plans.get(row.paymentIntentId)) || null));
  }

  /** A manual entry: the cohort, when given, must exist and belong to the same training. */
  async createManual(request: CreateEnrollmentRequest): Promise<EnrollmentDto> {
    let cohort = null;
    if (request.cohortId) {
      cohort = await this.cohorts.findById(request.cohortId);
      if (!cohort) throw new InvalidEnrollmentCohortException('cohortId does not name an existing cohort');
      if (cohort.trainingName !== request.trainingName) {
        throw new InvalidEnrollmentCohortException(`The chosen cohort belongs to ${cohort.trainingName}, not ${request.trainingName}`);
      }
    }
    const notes = request.notes?.trim() ? request.notes.trim() : null;
    const enrollment = await this.enrollments.create({
      studentName: request.studentName,
      studentEmail: request.studentEmail,
      trainingName: request.trainingName,
      cohort,
      paymentType: request.paymentType,
      paymentAmount: request.paymentAmount,
      enrollmentStatus: request.enrollmentStatus,
      notes,
      isManualEntry: true,
    });
    return toEnrollmentDto(enrollment);
  }

  async remove(id: string): Promise<void> {
    const enrollment = await this.enrollments.findById(id);
    if (!enrollment) throw new EnrollmentNotFoundException();
    await this.enrollments.remove(enrollment);
  }

  async cohortCsv(cohortId: string): Promise<CohortCsv> {
    const cohort = await this.cohorts.findById(cohortId);
    if (!cohort) throw new CohortNotFoundException();
    const students = await this.enrollments.listByCohort(cohort);
    return {
      fileName: cohortCsvFileName(cohort.trainingName, cohort.cohortMonth),
      content: cohortStudentsCsv(students),
      enrollmentCount: students.length,
    };
  }
}
