import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Enrollment } from '../enrollments/enrollment.entity';
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

  findByTrainingAndMonth(trainingName: string, cohortMonth: string): Promise<Cohort | null> {
    return this.em.findOne(Cohort, { trainingName, cohortMonth });
  }

  async create(trainingName: string, cohortMonth: string, capacity: number | null = null): Promise<Cohort> {
    const cohort = this.em.create(Cohort, { trainingName, cohortMonth, capacity, createdAt: new Date() });
    await this.em.persistAndFlush(cohort);
    return cohort;
  }

  countEnrollments(cohort: Cohort): Promise<number> {
    return this.em.count(Enrollment, { cohort });
  }

  async remove(cohort: Cohort): Promise<void> {
    await this.em.removeAndFlush(cohort);
  }

  /** Inside a transaction (the entity may have been loaded outside it). */
  async removeById(id: string): Promise<void> {
    await this.em.execute('delete from cohorts where id = ?', [id], 'run');
  }
}
