import { Injectable } from '@nestjs/common';
import type { Cohort as CohortDto } from '@app/contracts';
import { Cohort } from './cohort.entity';
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

  async list(trainingName?: string): Promise<CohortDto[]> {
    return (await this.repository.list(trainingName)).map(toCohortDto);
  }
}
