import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Cohort as CohortDto, CreateCohortRequest } from '@app/contracts';
import { Cohort } from './cohort.entity';
import { CohortHasEnrollmentsException, CohortNotFoundException, DuplicateCohortException } from './cohorts.errors';
import { CohortsRepository } from './cohorts.repository';

export function toCohortDto(cohort: Cohort): CohortDto {
  return {
    id: cohort.id,
    trainingName: cohort.trainingName as CohortDto['trainingName'],
    cohortMonth: cohort.cohortMonth,
    createdAt: cohort.createdAt.toISOString(),
  };
}

@Injectable()
export class CohortsService {
  constructor(private readonly repository: CohortsRepository) {}

  list(trainingName?: string): Promise<CohortDto[]> {
    return this.repository.list(trainingName);
  }

  async create(request: CreateCohortRequest): Promise<CohortDto> {
    const { trainingName, cohortMonth } = request;
    if (await this.repository.findByTrainingAndMonth(trainingName, cohortMonth)) {
      throw new DuplicateCohortException(trainingName, cohortMonth);
    }
    try {
      return toCohortDto(await this.repository.create(trainingName, cohortMonth));
    } catch (error) {
      // Two admins creating the same cohort at once: the unique key decides.
      if (error instanceof UniqueConstraintViolationException) throw new DuplicateCohortException(trainingName, cohortMonth);
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    const cohort = await this.repository.findById(id);
    if (!cohort) throw new CohortNotFoundException();
    const enrollments = await this.repository.countEnrollments(cohort);
    if (enrollments > 0) throw new CohortHasEnrollmentsException(enrollments);
    try {
      await this.repository.remove(cohort);
    } catch (error) {
      // An enrollment added between the count and the delete: the foreign key (on delete restrict) refuses.
      if (error instanceof ForeignKeyConstraintViolationException) throw new CohortHasEnrollmentsException(1);
      throw error;
    }
  }
}
