import { MONTH } from './dates';

/** People's names, their titles and organizations as documents write them; shared by the certificate and contact readers. */

const HONORIFIC = '(?:Dr|Prof|Mr|Mrs|Ms|Mx)\\.?';
/** A capitalised word, accents allowed ('Hénot-Mortier', 'Bárány'). */
const NAME_WORD = "\\p{Lu}[\\p{L}'.-]*";
const PERSON_NAME = new RegExp(
  `^(?:${HONORIFIC}\\s+${NAME_WORD}|(?:${HONORIFIC}\\s+)?${NAME_WORD}(?:\\s+${NAME_WORD}){1,3})$`,
  'u',
);
const POSTNOMINALS = /(?:,?\s+(?:Ph\.?\s?D|Psy\.?\s?D|Ed\.?\s?D|M\.?D|LCSW|LMFT|LPC|MSW|M\.?A|M\.?S|B\.?A|RN)\.?)+$/;
const NAME_STOP_WORDS = new Set([
  'has',
  'have',
  'had',
  'for',
  'who',
  'is',
  'was',
  'in',
  'on',
  'at',
  'with',
  'successfully',
  'completed',
  'completing',
  'the',
  'and',
  'of',
  'this',
  'certificate',
  'upon',
  'having',
  'by',
]);
export const TITLE_WORDS =
  /\b(?:director|co-?ordinator|conven[oe]r|hod|chancellor|rector|dean|professor|instructor|lecturer|teacher|trainer|manager|chair(?:person)?|president|registrar|advis[oe]r|administrator|officer|head|founder|ceo|principal|faculty|supervisor|facilitator|specialist|counsell?or|therapist|consultant|liaison|secretary|assistant)\b/i;
export const ORG_WORDS =
  /\b(?:university|college|institute|academy|school|center|centre|association|society|foundation|department|clinic|hospital|inc|llc|ltd|corporation|company|council|board|organi[sz]ation|program(?:me)?)\b/i;
const MONTH_WORD = new RegExp(`^${MONTH}$`, 'i');

export function stripPostnominals(text: string): string {
  return text.replace(POSTNOMINALS, '').trim();
}

/**
 * Words of a document's headings and notices, never of a person's name: an address in a paragraph under 'Disability
 * Statement' or 'Virtual Office Hour Expectations' belongs to no one of that name.
 */
const NOT_NAME_WORDS =
  /\b(?:statement|campus|expectations?|hours?|polic(?:y|ies)|services?|resources?|support|library|information|contact|accommodations?|disabilit(?:y|ies)|schedule|syllabus|course|virtual|online|writing|tutoring|help|desk|team|staff|grading|assignments?|exams?|totals?|credits?)\b/i;

export function isPersonName(candidate: string): boolean {
  const name = stripPostnominals(candidate);
  return (
    PERSON_NAME.test(name) &&
    !NOT_NAME_WORDS.test(name) &&
    !TITLE_WORDS.test(name) &&
    !ORG_WORDS.test(name) &&
    !name.split(/\s+/).some((w) => MONTH_WORD.test(w.replace(/\.$/, '')))
  );
}

/** A person's name starting at `from`: capitalised words on one line, cut before the first ordinary word. */
export function readName(text: string, from: number): string | null {
  const candidate = new RegExp(`^\\s*((?:${HONORIFIC} +)?${NAME_WORD}(?: +${NAME_WORD}){0,5})`, 'u').exec(
    text.slice(from),
  )?.[1];
  if (candidate === undefined) return null;
  const words: string[] = [];
  for (const word of candidate.split(/ +/)) {
    if (NAME_STOP_WORDS.has(word.toLowerCase())) break;
    words.push(word);
  }
  const name = words.join(' ').replace(/(\w{2,})\.$/, '$1');
  return isPersonName(name) ? stripPostnominals(name) : null;
}

const CONNECTOR = '(?:of|for|and|&|the|in|on|de|la)';

export function trimOrganization(text: string): string {
  return text
    .replace(new RegExp(`(?:\\s+${CONNECTOR})+$`, 'i'), '')
    .replace(/[.\s]+$/, '')
    .trim();
}

/** An organization named at `from`: the rest of the line up to a separator, as capitalised words and connectors. */
export function readOrganization(text: string, from: number): string | null {
  const [line = ''] = text.slice(from).split('\n');
  const [rest = ''] = line.split(/[,;|(]| on | this | - /);
  const match = new RegExp(`^(?:the\\s+)?[A-Z0-9][\\w&'.-]*(?:\\s+(?:${CONNECTOR}|[A-Z0-9][\\w&'.-]*))*`).exec(
    rest.trim(),
  );
  if (!match) return null;
  const org = trimOrganization(match[0]);
  return org.length >= 2 ? org : null;
}

const ORG_KEYWORDS = [
  'Institute',
  'University',
  'College',
  'Academy',
  'School',
  'Center',
  'Centre',
  'Association',
  'Society',
  'Foundation',
  'Clinic',
  'Hospital',
];
const ORG_KEYWORD = `(?:${ORG_KEYWORDS.flatMap((k) => [k, k.toUpperCase()]).join('|')})`;
export const ORG_PHRASE = new RegExp(
  `(?:[A-Z][\\w&'-]* +(?:${CONNECTOR} +)*)*${ORG_KEYWORD}\\b(?: +(?:${CONNECTOR} +)*[A-Z][\\w&'-]*)*`,
);
