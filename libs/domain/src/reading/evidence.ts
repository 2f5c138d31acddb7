import type { Evidence } from '@app/contracts';
import type { TextLine } from './positioned-lines';

const MAX_QUOTE = 200;

/** The line a value was read from, quoted as the document has it (cut at 200 characters). */
export function evidenceOf(document: string, line: TextLine): Evidence {
  const quote = line.text.length > MAX_QUOTE ? `${line.text.slice(0, MAX_QUOTE - 1)}…` : line.text;
  return { document, page: line.page, line: line.line, quote };
}

/** The first line whose text contains `needle` (case and spacing ignored); for values found in the whole text. */
export function findEvidence(document: string, lines: readonly TextLine[], needle: string | null | undefined): Evidence | undefined {
  if (!needle) return undefined;
  const squash = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ');
  const wanted = squash(needle);
  const line = lines.find((l) => squash(l.text).includes(wanted));
  return line ? evidenceOf(document, line) : undefined;
}
