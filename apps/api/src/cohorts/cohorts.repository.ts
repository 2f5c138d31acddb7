import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Cohort } from './cohort.entity';

@Injectable()
export class CohortsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Cohorts by training and start month, optionally of one training. */
  list(trainingName?: string): Promise<Cohort[]> {
    return this.em.find(Cohort, trainingName ? { trainingName } : {}, {
      orderBy: { trainingName: 'asc', cohortMonth: 'asc' },
    });
  }

  findById(id: string): Promise<Cohort | null> {
    return this.em.findOne(Cohort, { id });
  }
}
