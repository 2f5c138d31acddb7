import type { Evidence } from '@app/contracts';

/** A word OCR read with low confidence (0–100), on its page: a figure or name made of it is for the evaluator to check. */
export interface UncertainWord {
  page: number;
  word: string;
  confidence: number;
}

/** Below this confidence (tesseract's 0–100) a word is marked for review. */
export const LOW_OCR_CONFIDENCE = 70;

const bare = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Why the evaluator should check a value before relying on it, or undefined when it was read plainly: a word of the
 * value, on the evidence line's page and in its quote, that OCR read with low confidence.
 */
export function reviewReason(
  evidence: Evidence,
  value: string | number,
  uncertain: readonly UncertainWord[],
): string | undefined {
  const parts = String(value)
    .split(/\s+/)
    .map(bare)
    .filter((p) => p !== '');
  const quote = bare(evidence.quote);
  const doubtful = uncertain.filter(
    (w) =>
      w.page === evidence.page &&
      w.confidence < LOW_OCR_CONFIDENCE &&
      bare(w.word) !== '' &&
      quote.includes(bare(w.word)) &&
      parts.some(
        (p) =>
          p === bare(w.word) || (bare(w.word).length >= 3 && (p.includes(bare(w.word)) || bare(w.word).includes(p))),
      ),
  );
  if (doubtful.length === 0) return undefined;
  const lowest = Math.min(...doubtful.map((w) => w.confidence));
  return `read by OCR with low confidence (${Math.round(lowest)}%): check it against the document`;
}
