import { normalizeDocumentText } from './normalize-text';
import { allMatches, NUM, toNumber } from './text-patterns';

const MAX_PLAUSIBLE_WEEKS = 156;

/** The largest 'Week N' / 'Module N' / 'Unit N' ordinal or 'N weeks' / 'N modules' count. */
export function findModulesOrWeeks(rawText: string): number | null {
  const text = normalizeDocumentText(rawText);
  const values: number[] = [];
  for (const m of allMatches(text, '\\b(?:weeks?|modules?|units?)\\s*#?\\s*(\\d{1,3})(?:\\s*-\\s*(\\d{1,3}))?\\b')) {
    values.push(Number(m[1]));
    if (m[2]) values.push(Number(m[2]));
  }
  for (const m of allMatches(text, `\\b${NUM}\\s*-?\\s*(?:weeks?|modules?)\\b`)) {
    values.push(toNumber(m[1]));
  }
  const plausible = values.filter((n) => Number.isInteger(n) && n > 0 && n <= MAX_PLAUSIBLE_WEEKS);
  return plausible.length > 0 ? Math.max(...plausible) : null;
}
