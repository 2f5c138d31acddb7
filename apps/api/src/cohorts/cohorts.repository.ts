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

  findByTrainingAndMonth(trainingName: string, cohortMonth: string): Promise<Cohort | null> {
    return this.em.findOne(Cohort, { trainingName, cohortMonth });
  }

  async create(
    em: EntityManager,
    trainingName: string,
    cohortMonth: string,
    capacity: number | null = null,
  ): Promise<Cohort> {
    const cohort = em.create(Cohort, { trainingName, cohortMonth, capacity, createdAt: new Date() });
    await em.persistAndFlush(cohort);
    return cohort;
  }

  /**
   * Every enrollment of the cohort, cancelled ones too. A read of the enrollments table by SQL: cohorts must not
   * import the enrollments feature, which depends on cohorts (seats, moves).
   */
  async countEnrollments(cohort: Cohort): Promise<number> {
    const [row] = await this.em.execute<Array<{ count: string }>>(
      'select count(*) as count from enrollments where cohort_id = ?',
      [cohort.id],
    );
    return Number(row.count);
  }

  async remove(cohort: Cohort): Promise<void> {
    await this.em.removeAndFlush(cohort);
  }

  /** Inside a transaction (the entity may have been loaded outside it). */
  async removeById(em: EntityManager, id: string): Promise<void> {
    await em.execute('delete from cohorts where id = ?', [id], 'run');
  }
}
