import type { CourseEquivalency, TranscriptCourse } from '@app/contracts';
import { TOPIC_OVERLAP_MINIMUM } from '../criteria';
import { meetsTopicOverlap, normalizeTopic, topicOverlap, type CatalogCourse } from '../topic-overlap';

const TITLE_STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'into',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'across',
  'introduction',
  'intro',
  'principle',
  'foundation',
  'fundamental',
  'basic',
  'i',
  'ii',
  'iii',
  'course',
  'general',
]);

function titleWords(title: string): Set<string> {
  return new Set(
    normalizeTopic(title)
      .split(' ')
      .filter((w) => w !== '' && !TITLE_STOP_WORDS.has(w)),
  );
}

/**
 * How far a transcript course's title says the same as a catalog course's title (0..1): the larger of the Dice
 * overlap of their significant words and, for a title of two words or more, the share of its words the catalog
 * title holds ('Developmental Psychology' is all in 'Developmental Psychology Across the Lifespan').
 */
export function titleOverlap(courseTitle: string, catalogTitle: string): number {
  const course = titleWords(courseTitle);
  const catalog = titleWords(catalogTitle);
  if (course.size === 0 || catalog.size === 0) return 0;
  const shared = [...course].filter((w) => catalog.has(w)).length;
  const dice = (2 * shared) / (course.size + catalog.size);
  const covered = course.size >= 2 ? shared / course.size : 0;
  return Math.max(dice, covered);
}

/** A syllabus or course description in the same credential, with the course it is about. */
export interface SupportingDocument {
  code: string | null;
  title: string | null;
  text: string;
}

function describes(doc: SupportingDocument, course: TranscriptCourse): boolean {
  const squash = (s: string): string => s.toUpperCase().replace(/[\s-]+/g, '');
  if (doc.code && course.code && squash(doc.code) === squash(course.code)) return true;
  return doc.title !== null && titleOverlap(course.title, doc.title) >= 0.99;
}

export interface CourseMatchResult {
  course: TranscriptCourse;
  catalog: CatalogCourse;
  overlap: number;
}

/**
 * Each earned transcript course against the catalog: its overlap with a catalog course is the title overlap, or the
 * topic overlap of a syllabus or course description about it when the credential holds one, whichever is larger.
 * The best catalog course reaching the minimum (70%) is its equivalent; ties go to the lower catalog code.
 */
export function matchTranscriptCourses(
  courses: readonly TranscriptCourse[],
  catalog: readonly CatalogCourse[],
  supporting: readonly SupportingDocument[] = [],
  minimum: number = TOPIC_OVERLAP_MINIMUM,
): CourseMatchResult[] {
  const result: CourseMatchResult[] = [];
  for (const course of courses) {
    if (course.quarterCredits <= 0) continue;
    const docs = supporting.filter((d) => describes(d, course)).map((d) => d.text);
    let best: CourseMatchResult | null = null;
    for (const entry of catalog) {
      const overlap = Math.max(
        titleOverlap(course.title, entry.title),
        docs.length > 0 ? topicOverlap(entry.topics, docs) : 0,
      );
      if (!meetsTopicOverlap(overlap, minimum)) continue;
      if (
        !best ||
        overlap > best.overlap + 1e-9 ||
        (Math.abs(overlap - best.overlap) < 1e-9 && entry.code.localeCompare(best.catalog.code) < 0)
      ) {
        best = { course, catalog: entry, overlap: Math.round(overlap * 1000) / 1000 };
      }
    }
    if (best) result.push(best);
  }
  return result;
}

/** 'PSY 101 Introduction to Psychology': the course as the transcript names it. */
export function courseName(course: Pick<TranscriptCourse, 'code' | 'title'>): string {
  return course.code ? `${course.code} ${course.title}` : course.title;
}

/** One equivalency per matched course, worth the course's own quarter credits, with the row it came from. */
export function transcriptEquivalencies(matches: readonly CourseMatchResult[]): CourseEquivalency[] {
  return matches.map((m) => ({
    originalCourse: courseName(m.course),
    equivalentCourse: `${m.catalog.code} ${m.catalog.title}`,
    credits: m.course.quarterCredits,
    evidence: m.course.evidence,
  }));
}
