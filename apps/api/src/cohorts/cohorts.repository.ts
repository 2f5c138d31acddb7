import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Cohort as CohortDto } from '@app/contracts';
import { Enrollment } from '../enrollments/enrollment.entity';
import { Cohort } from './cohort.entity';

@Injectable()
export class CohortsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Cohorts by training and start month, optionally of one training: plain rows, read on every page view (no hydration). */
  list(trainingName?: string): Promise<CohortDto[]> {
    // The timestamp is formatted by PostgreSQL as toISOString() would: the ORM's connection hands timestamps over as text.
    return this.em.getConnection().execute<CohortDto[]>(
      `select id, training_name as "trainingName", cohort_month as "cohortMonth",
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
         from cohorts ${trainingName ? 'where training_name = ?' : ''} order by training_name asc, cohort_month asc`,
      trainingName ? [trainingName] : [],
    );
  }

  findById(id: string): Promise<Cohort | null> {
    return this.em.findOne(Cohort, { id });
  }

  findByTrainingAndMonth(trainingName: string, cohortMonth: string): Promise<Cohort | null> {
    return this.em.findOne(Cohort, { trainingName, cohortMonth });
  }

  async create(trainingName: string, cohortMonth: string): Promise<Cohort> {
    const cohort = this.em.create(Cohort, { trainingName, cohortMonth, createdAt: new Date() });
    await this.em.persistAndFlush(cohort);
    return cohort;
  }

  countEnrollments(cohort: Cohort): Promise<number> {
    return this.em.count(Enrollment, { cohort });
  }

  async remove(cohort: Cohort): Promise<void> {
    await this.em.removeAndFlush(cohort);
  }
}
