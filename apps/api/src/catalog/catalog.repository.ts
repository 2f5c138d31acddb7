import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { CatalogCourse } from '@app/domain';
import { CatalogCourseEntity } from './catalog-course.entity';

/** The only place that queries the course catalog. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly em: EntityManager) {}

  async listCourses(): Promise<CatalogCourse[]> {
    const rows = await this.em.fork().find(CatalogCourseEntity, {}, { orderBy: { code: 'asc' } });
    return rows.map((row) => ({
      code: row.code,
      title: row.title,
      topics: row.topics,
      hours: row.contactHours,
      credits: row.credits,
    }));
  }
}
