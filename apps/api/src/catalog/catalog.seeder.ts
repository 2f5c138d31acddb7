import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { CatalogCourseEntity } from './catalog-course.entity';

/**
 * The provider's own psychology courses. Topics are short phrases: a credential covers a topic when every
 * significant word of it appears in the credential's documents, so phrases are kept specific.
 * Credits follow the spec's rule, 1 quarter credit per 10 contact hours.
 */
export const CATALOG_COURSES: readonly Omit<CatalogCourseEntity, 'id' | 'createdAt'>[] = [
  {
    code: 'PSY 101',
    title: 'Introduction to Psychology',
    topics: [
      'history of psychology',
      'research methods',
      'biological psychology',
      'sensation and perception',
      'learning',
      'memory',
      'cognition',
      'personality',
      'social psychology',
      'psychological disorders',
    ],
    contactHours: 40,
    credits: 4,
  },
  {
    code: 'PSY 210',
    title: 'Psychosomatic Medicine and Mind-Body Practice',
    topics: [
      'psychosomatic',
      'mind-body connection',
      'stress response',
      'nervous system',
      'somatic symptoms',
      'chronic pain',
      'emotional regulation',
      'trauma',
      'client assessment',
      'professional ethics',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 215',
    title: 'Parts Therapy and Ego States',
    topics: [
      'parts therapy',
      'ego states',
      'internal family systems',
      'inner child',
      'hypnosis',
      'inner conflict',
      'self-compassion',
      'therapeutic relationship',
      'case formulation',
      'professional ethics',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 220',
    title: 'Child Resilience and Development',
    topics: [
      'child development',
      'resilience',
      'attachment',
      'emotional regulation',
      'adverse childhood experiences',
      'play therapy',
      'parenting',
      'school',
      'family systems',
      'trauma',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 230',
    title: 'Abnormal Psychology',
    topics: [
      'psychopathology',
      'diagnosis',
      'dsm',
      'anxiety disorders',
      'mood disorders',
      'personality disorders',
      'psychotic disorders',
      'substance use',
      'treatment planning',
      'professional ethics',
    ],
    contactHours: 40,
    credits: 4,
  },
  {
    code: 'PSY 240',
    title: 'Foundations of Counseling Skills',
    topics: [
      'active listening',
      'empathy',
      'therapeutic relationship',
      'motivational interviewing',
      'goal setting',
      'client assessment',
      'crisis intervention',
      'cultural competence',
      'documentation',
      'professional ethics',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 250',
    title: 'Trauma-Informed Care',
    topics: [
      'trauma',
      'ptsd',
      'nervous system',
      'window of tolerance',
      'grounding techniques',
      'safety and stabilization',
      'dissociation',
      'vicarious trauma',
      'resilience',
      'cultural competence',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 260',
    title: 'Health Psychology',
    topics: [
      'health behavior',
      'stress response',
      'chronic illness',
      'chronic pain',
      'sleep',
      'nutrition',
      'psychoneuroimmunology',
      'behavior change',
      'coping',
      'patient adherence',
    ],
    contactHours: 30,
    credits: 3,
  },
  {
    code: 'PSY 270',
    title: 'Developmental Psychology Across the Lifespan',
    topics: [
      'child development',
      'adolescence',
      'adulthood',
      'aging',
      'attachment',
      'cognitive development',
      'language development',
      'moral development',
      'identity',
      'family systems',
    ],
    contactHours: 40,
    credits: 4,
  },
  {
    code: 'PSY 280',
    title: 'Professional Ethics in Psychological Practice',
    topics: [
      'professional ethics',
      'confidentiality',
      'informed consent',
      'boundaries',
      'dual relationships',
      'scope of practice',
      'documentation',
      'supervision',
      'cultural competence',
      'mandated reporting',
    ],
    contactHours: 20,
    credits: 2,
  },
];

/** Idempotent: adds the courses that are missing by code and leaves courses an admin has changed alone. */
export class CatalogSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const existing = new Set((await em.find(CatalogCourseEntity, {}, { fields: ['code'] })).map((c) => c.code));
    for (const course of CATALOG_COURSES) {
      if (!existing.has(course.code))
        em.persist(em.create(CatalogCourseEntity, { ...course, topics: [...course.topics], createdAt: new Date() }));
    }
    await em.flush();
  }
}
