import { TOPIC_OVERLAP_MINIMUM } from './criteria';

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'within',
  'about',
  'through',
  'their',
  'this',
  'that',
  'introduction',
  'intro',
]);

/** Plural 's' dropped, but not from '-ss', '-us' or '-is' words (class, stimulus, analysis). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lowercase, punctuation to spaces, single spaces, each word singular. */
export function normalizeTopic(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '')
    .map(singular)
    .join(' ');
}

function significantWords(topic: string): string[] {
  return normalizeTopic(topic)
    .split(' ')
    .filter((w) => w !== '' && !STOP_WORDS.has(w));
}

function wordSet(document: string | readonly string[]): Set<string> {
  const text = typeof document === 'string' ? document : document.join(' ');
  return new Set(normalizeTopic(text).split(' '));
}

/**
 * Fraction (0..1) of the course's topics found in the document. A topic is found when every
 * significant word of it appears somewhere in the document; topics made only of stop words are ignored.
 */
export function topicOverlap(courseTopics: readonly string[], document: string | readonly string[]): number {
  const words = wordSet(document);
  const topics = courseTopics.map(significantWords).filter((w) => w.length > 0);
  if (topics.length === 0) return 0;
  const found = topics.filter((topicWords) => topicWords.every((w) => words.has(w))).length;
  return found / topics.length;
}

/** Tolerates float noise so 7 of 10 topics counts as 70%. */
export function meetsTopicOverlap(overlap: number, minimum: number = TOPIC_OVERLAP_MINIMUM): boolean {
  return overlap + 1e-9 >= minimum;
}

export interface CatalogCourse {
  code: string;
  title: string;
  topics: readonly string[];
  hours: number;
  credits: number;
}

export interface CourseMatch<C extends CatalogCourse> {
  course: C;
  overlap: number;
}

/** Courses whose topic overlap reaches the minimum, best first, then by course code. */
export function matchCourses<C extends CatalogCourse>(
  catalog: readonly C[],
  document: string | readonly string[],
  minimum: number = TOPIC_OVERLAP_MINIMUM,
): CourseMatch<C>[] {
  return catalog
    .map((course) => ({ course, overlap: topicOverlap(course.topics, document) }))
    .filter((m) => meetsTopicOverlap(m.overlap, minimum))
    .sort((a, b) => b.overlap - a.overlap || a.course.code.localeCompare(b.course.code));
}
