import type { Evidence } from '@app/contracts';
import { topicOverlap } from '../topic-overlap';
import { quoteHoldsNumber } from './number-evidence';
import type { TextLine } from './positioned-lines';

const MAX_QUOTE = 200;

/** The line a value was read from, quoted as the document has it (cut at 200 characters). */
export function evidenceOf(document: string, line: TextLine): Evidence {
  const quote = line.text.length > MAX_QUOTE ? `${line.text.slice(0, MAX_QUOTE - 1)}…` : line.text;
  return { document, page: line.page, line: line.line, quote };
}

/** The first line whose text contains `needle` (case and spacing ignored); for values found in the whole text. */
export function findEvidence(
  document: string,
  lines: readonly TextLine[],
  needle: string | null | undefined,
): Evidence | undefined {
  if (!needle) return undefined;
  const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ');
  const wanted = squash(needle);
  // A figure is quoted only from a line holding it as a figure: never a day of a date ('May 15, 2024' is not 15 hours).
  const figure = /^\d+(?:\.\d+)?$/.test(needle.trim()) ? Number(needle) : null;
  // Text: a line that writes the value as words of its own before one that holds it inside a longer word ('gMLRIT').
  const whole = new RegExp(
    `(?<![\\p{L}\\p{N}])${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'u',
  );
  const line =
    figure !== null
      ? lines.find((l) => quoteHoldsNumber(l.text, figure))
      : (lines.find((l) => whole.test(squash(l.text))) ?? lines.find((l) => squash(l.text).includes(wanted)));
  return line ? evidenceOf(document, line) : undefined;
}

/** The first line that holds one of a course's topics whole (every significant word of it); the 'why' of topic relevance. */
export function findTopicEvidence(
  document: string,
  lines: readonly TextLine[],
  topics: readonly string[],
): Evidence | undefined {
  for (const line of lines) {
    if (topics.some((topic) => topicOverlap([topic], line.text) === 1)) return evidenceOf(document, line);
  }
  return undefined;
}
