import type { CertificateDetails, LeadContact } from '@app/contracts';

/**
 * Readers for the deterministic local analyzer. Input is text from PDF extraction or OCR, so every
 * reader is case-insensitive, tolerant of odd spacing, and works on normalizeDocumentText's output.
 */

/** Unifies line ends, spaces, ligatures, quotes and dashes; re-joins words hyphenated across lines. */
export function normalizeDocumentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' ')
    .replace(/\ufb00/g, 'ff')
    .replace(/\ufb01/g, 'fi')
    .replace(/\ufb02/g, 'fl')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/([a-z])-\n([a-z])/g, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60,
};
const NUM = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;

function toNumber(token: string): number {
  return NUMBER_WORDS[token.toLowerCase()] ?? Number(token);
}

function allMatches(text: string, pattern: string): RegExpExecArray[] {
  return Array.from(text.matchAll(new RegExp(pattern, 'gi')));
}

const HOURS = '(?:hours?|hrs?\\.?)';
const HOUR_QUALIFIER =
  '(?:total\\s+)?(?:contact|instructional|instruction|clock|classroom|class|lecture|training|course|teaching|seat|face[\\s-]to[\\s-]face|direct|didactic|supervised|ce|ceu|cpd)';
const HOURS_OF =
  '(?:of\\s+)?(?:total\\s+)?(?:instruction|training|coursework|course\\s*work|study|classroom|class|lecture|contact|didactic|teaching|supervised|(?:continuing\\s+)?education)';
const PER_WEEK = '(?:per|a|each|every|/)\\s*(?:week|wk)';
const RATE_FOLLOWS = /^\s*(?:(?:per|a|each|every|\/)\s*(?:week|wk|day|session|class|month)\b|weekly|daily)/i;
const MAX_PLAUSIBLE_HOURS = 10000;

/** The largest explicit total of instruction hours, or null when none is stated. */
export function findContactHours(rawText: string): number | null {
  const text = normalizeDocumentText(rawText);
  const totals: number[] = [];
  const addUnlessRate = (match: RegExpExecArray, hours: number): void => {
    const end = match.index + match[0].length;
    if (!RATE_FOLLOWS.test(text.slice(end, end + 20))) totals.push(hours);
  };

  for (const m of allMatches(text, `\\b${NUM}\\s*-?\\s*${HOUR_QUALIFIER}\\s*-?\\s*${HOURS}(?![a-z])`)) {
    addUnlessRate(m, toNumber(m[1]));
  }
  for (const m of allMatches(text, `\\b${NUM}\\s*-?\\s*${HOURS}\\s+${HOURS_OF}\\b`)) {
    addUnlessRate(m, toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b(?:total\\s+(?:contact\\s+|clock\\s+|instructional\\s+|course\\s+)?|(?:contact|instructional|clock|classroom|training|course|ce)\\s*)${HOURS}(?:\\s+of\\s+instruction)?\\s*[:=-]?\\s*${NUM}\\b`,
  )) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(text, `\\b${HOURS}\\s+of\\s+instruction\\s*[:=-]?\\s*${NUM}\\b`)) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*-\\s*hours?\\s+(?:[a-z]+\\s+)?(?:course|program(?:me)?|training|certificate|certification|workshop|seminar|intensive|curriculum)\\b`,
  )) {
    totals.push(toNumber(m[1]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*(?:contact\\s+|class\\s+|lecture\\s+|instructional\\s+)?${HOURS}\\s*${PER_WEEK}\\s*(?:,\\s*)?(?:for|over|x|×|during|across)\\s*${NUM}\\s*weeks?\\b`,
  )) {
    totals.push(toNumber(m[1]) * toNumber(m[2]));
  }
  for (const m of allMatches(
    text,
    `\\b${NUM}\\s*weeks?\\s*(?:,|at|x|×|of)?\\s*${NUM}\\s*(?:contact\\s+|class\\s+)?${HOURS}\\s*${PER_WEEK}`,
  )) {
    totals.push(toNumber(m[1]) * toNumber(m[2]));
  }

  const plausible = totals.filter((h) => Number.isFinite(h) && h > 0 && h <= MAX_PLAUSIBLE_HOURS);
  return plausible.length > 0 ? Math.max(...plausible) : null;
}

const OBJECTIVES_HEADING =
  /^(?:#+\s*)?(?:[\dIVX]+[.)]\s*)?(?:(?:module|week|unit|session)\s*\d+\s*[:.-]?\s*)?(?:(?:course|program(?:me)?|student|module|training|specific|general|expected|key)\s+)?(?:learning\s+)?(?:objectives|outcomes|goals|aims)(?:\s*\([^)]*\))?\s*:?$/i;
const LEAD_IN = /(?:(?:will|should)\s+be\s+able\s+to|(?:students|participants|learners|trainees|graduates)\s+will)\s*:?$/i;
const LIST_ITEM = /^(?:[-*•●▪◦·‣○■□➢➤✓✔>«»]|o(?=\s)|\(?\d{1,2}[.)]|\(?[a-z][.)]|\(?(?:i{1,3}|iv|vi{0,3}|ix|x)[.)])\s*\S/i;
const ABLE_TO_SENTENCE = /\b(?:students|participants|learners|trainees|graduates|you)\s+will\s+be\s+able\s+to[ \t]+[a-z]/gi;

function countListAfter(lines: readonly string[], start: number): { count: number; next: number } {
  let count = 0;
  let introAllowed = true;
  let j = start;
  for (; j < lines.length; j++) {
    const line = lines[j].trim();
    if (line === '') continue;
    if (LIST_ITEM.test(line)) {
      count++;
      continue;
    }
    if (count === 0 && introAllowed && (line.endsWith(':') || LEAD_IN.test(line))) {
      introAllowed = false;
      continue;
    }
    // A wrapped item continues on a line that starts in lower case.
    if (count > 0 && /^[a-z]/.test(line)) continue;
    break;
  }
  return { count, next: j };
}

/** Listed objectives under an objectives heading or lead-in, or 'students will be able to' sentences: the larger. */
export function findLearningObjectives(rawText: string): number {
  const text = normalizeDocumentText(rawText);
  const lines = text.split('\n');
  let listed = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (OBJECTIVES_HEADING.test(line) || LEAD_IN.test(line)) {
      const { count, next } = countListAfter(lines, i + 1);
      listed += count;
      i = Math.max(i, next - 1);
    }
  }
  const sentences = Array.from(text.matchAll(ABLE_TO_SENTENCE)).length;
  return Math.max(listed, sentences);
}

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

export const ASSESSMENT_METHODS = [
  'exam',
  'quiz',
  'essay',
  'paper',
  'project',
  'presentation',
  'case study',
  'practicum',
  'assignment',
  'portfolio',
  'midterm',
  'final',
] as const;

export type AssessmentMethod = (typeof ASSESSMENT_METHODS)[number];

const ASSESSMENT_PATTERNS: Readonly<Record<AssessmentMethod, RegExp>> = {
  exam: /\bexam(?:s|inations?)?\b/i,
  quiz: /\bquiz(?:zes)?\b/i,
  essay: /\bessays?\b/i,
  paper: /\bpapers?\b/i,
  project: /\bprojects?\b/i,
  presentation: /\bpresentations?\b/i,
  'case study': /\bcase[\s-]*stud(?:y|ies)\b/i,
  practicum: /\bpractic(?:um|ums|a)\b/i,
  assignment: /\bassignments?\b/i,
  portfolio: /\bportfolios?\b/i,
  midterm: /\bmid[\s-]?terms?\b/i,
  // 'final' alone is too common ('final week'); count it only as a final piece of assessment.
  final: /\bfinal\s+(?:exam|examination|test|project|paper|assessment|essay|presentation)s?\b|\bfinals\b/i,
};

/** Distinct assessment methods named in the text, in ASSESSMENT_METHODS order. */
export function findAssessmentMethods(rawText: string): AssessmentMethod[] {
  const text = normalizeDocumentText(rawText);
  return ASSESSMENT_METHODS.filter((method) => ASSESSMENT_PATTERNS[method].test(text));
}

const EMAIL = /[A-Za-z0-9._%+-]+ ?@ ?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const HAS_EMAIL = new RegExp(EMAIL.source);

function emailMatches(text: string): { email: string; index: number; length: number }[] {
  return Array.from(text.matchAll(EMAIL), (m) => ({
    email: m[0].replace(/ /g, '').replace(/^\.+/, '').toLowerCase(),
    index: m.index,
    length: m[0].length,
  }));
}

/** Distinct addresses, lower-cased, in order of appearance. */
export function findEmails(rawText: string): string[] {
  return Array.from(new Set(emailMatches(normalizeDocumentText(rawText)).map((m) => m.email)));
}

const MONTHS: Readonly<Record<string, number>> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8,
  september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH = `(${Object.keys(MONTHS).join('|')})`;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1];
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function datesWithIndex(text: string): { iso: string; index: number }[] {
  const found: { iso: string; index: number }[] = [];
  const add = (index: number, year: number, month: number, day: number): void => {
    if (isRealDate(year, month, day)) found.push({ iso: iso(year, month, day), index });
  };
  for (const m of allMatches(text, `\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})\\b`)) {
    add(m.index, Number(m[3]), MONTHS[m[1].toLowerCase()], Number(m[2]));
  }
  for (const m of allMatches(text, `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?\\s*,?\\s+(\\d{4})\\b`)) {
    add(m.index, Number(m[3]), MONTHS[m[2].toLowerCase()], Number(m[1]));
  }
  for (const m of allMatches(text, '\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b')) {
    add(m.index, Number(m[1]), Number(m[2]), Number(m[3]));
  }
  for (const m of allMatches(text, '\\b(\\d{1,2})[/.](\\d{1,2})[/.](\\d{4})\\b')) {
    const first = Number(m[1]);
    const second = Number(m[2]);
    // US month-first unless the first number cannot be a month.
    if (first > 12) add(m.index, Number(m[3]), second, first);
    else add(m.index, Number(m[3]), first, second);
  }
  return found.sort((a, b) => a.index - b.index);
}

/** Distinct dates as 'YYYY-MM-DD', in order of appearance; impossible dates are skipped. */
export function findDates(rawText: string): string[] {
  return Array.from(new Set(datesWithIndex(normalizeDocumentText(rawText)).map((d) => d.iso)));
}

const HONORIFIC = '(?:Dr|Prof|Mr|Mrs|Ms|Mx)\\.?';
const NAME_WORD = "[A-Z][A-Za-z'.-]*";
const PERSON_NAME = new RegExp(`^(?:${HONORIFIC}\\s+${NAME_WORD}|(?:${HONORIFIC}\\s+)?${NAME_WORD}(?:\\s+${NAME_WORD}){1,3})$`);
const POSTNOMINALS = /(?:,?\s+(?:Ph\.?\s?D|Psy\.?\s?D|Ed\.?\s?D|M\.?D|LCSW|LMFT|LPC|MSW|M\.?A|M\.?S|B\.?A|RN)\.?)+$/;
const NAME_STOP_WORDS = new Set([
  'has', 'have', 'had', 'for', 'who', 'is', 'was', 'in', 'on', 'at', 'with', 'successfully', 'completed',
  'completing', 'the', 'and', 'of', 'this', 'certificate', 'upon', 'having', 'by',
]);
const TITLE_WORDS =
  /\b(?:director|coordinator|dean|professor|instructor|lecturer|teacher|trainer|manager|chair(?:person)?|president|registrar|advis[oe]r|administrator|officer|head|founder|ceo|principal|faculty|supervisor|facilitator|specialist|counsell?or|therapist|consultant|liaison|secretary|assistant)\b/i;
const ORG_WORDS =
  /\b(?:university|college|institute|academy|school|center|centre|association|society|foundation|department|clinic|hospital|inc|llc|ltd|corporation|company|council|board|organi[sz]ation|program(?:me)?)\b/i;
const MONTH_WORD = new RegExp(`^${MONTH}$`, 'i');

function stripPostnominals(text: string): string {
  return text.replace(POSTNOMINALS, '').trim();
}

function isPersonName(candidate: string): boolean {
  const name = stripPostnominals(candidate);
  return (
    PERSON_NAME.test(name) &&
    !TITLE_WORDS.test(name) &&
    !ORG_WORDS.test(name) &&
    !name.split(/\s+/).some((w) => MONTH_WORD.test(w.replace(/\.$/, '')))
  );
}

/** A person's name starting at `from`: capitalised words on one line, cut before the first ordinary word. */
function readName(text: string, from: number): string | null {
  const match = new RegExp(`^\\s*((?:${HONORIFIC} +)?${NAME_WORD}(?: +${NAME_WORD}){0,5})`).exec(text.slice(from));
  if (!match) return null;
  const words: string[] = [];
  for (const word of match[1].split(/ +/)) {
    if (NAME_STOP_WORDS.has(word.toLowerCase())) break;
    words.push(word);
  }
  const name = words.join(' ').replace(/(\w{2,})\.$/, '$1');
  return isPersonName(name) ? stripPostnominals(name) : null;
}

const CONNECTOR = '(?:of|for|and|&|the|in|on|de|la)';

function trimOrganization(text: string): string {
  return text
    .replace(new RegExp(`(?:\\s+${CONNECTOR})+$`, 'i'), '')
    .replace(/[.\s]+$/, '')
    .trim();
}

/** An organization named at `from`: the rest of the line up to a separator, as capitalised words and connectors. */
function readOrganization(text: string, from: number): string | null {
  const rest = text.slice(from).split('\n')[0].split(/[,;|(]| on | this | - /)[0];
  const match = new RegExp(`^(?:the\\s+)?[A-Z0-9][\\w&'.-]*(?:\\s+(?:${CONNECTOR}|[A-Z0-9][\\w&'.-]*))*`).exec(rest.trim());
  if (!match) return null;
  const org = trimOrganization(match[0]);
  return org.length >= 2 ? org : null;
}

const ORG_KEYWORDS = ['Institute', 'University', 'College', 'Academy', 'School', 'Center', 'Centre', 'Association', 'Society', 'Foundation', 'Clinic', 'Hospital'];
const ORG_KEYWORD = `(?:${ORG_KEYWORDS.flatMap((k) => [k, k.toUpperCase()]).join('|')})`;
const ORG_PHRASE = new RegExp(
  `(?:[A-Z][\\w&'-]* +(?:${CONNECTOR} +)*)*${ORG_KEYWORD}\\b(?: +(?:${CONNECTOR} +)*[A-Z][\\w&'-]*)*`,
);

const RECIPIENT_TRIGGER =
  /\b(?:this\s+(?:is\s+to\s+)?certif(?:y|ies)\s+that|(?:hereby\s+)?(?:awarded|presented|granted|issued|conferred)\s+(?:up)?(?:to|on)|recipient\s*:|student\s*(?:name)?\s*:|participant\s*(?:name)?\s*:)/gi;
const ISSUER_TRIGGER =
  /\b(?:(?:issued|awarded|presented|granted|conferred|offered|provided|accredited|certified|approved)\s+by\s*:?|(?:issuing\s+(?:organi[sz]ation|body|institution)|institution|organi[sz]ation|provider)\s*:)/gi;
const SIGNER_TRIGGER = /\b(?:signed(?:\s+by)?|signature|authori[sz]ed\s+by|certifying\s+officer)\s*[:,-]?/gi;
const COMPLETION_CONTEXT = /complet|award|issu|confer|grant|date/i;
const BIRTH_CONTEXT = /birth|\bdob\b/i;

function firstAfterTriggers<T>(text: string, trigger: RegExp, read: (text: string, from: number) => T | null): T[] {
  const found: T[] = [];
  for (const m of text.matchAll(trigger)) {
    const value = read(text, m.index + m[0].length);
    if (value !== null) found.push(value);
  }
  return found;
}

function findRecipient(text: string): string | null {
  return firstAfterTriggers(text, RECIPIENT_TRIGGER, readName)[0] ?? null;
}

function findIssuer(text: string): string | null {
  const candidates = firstAfterTriggers(text, ISSUER_TRIGGER, readOrganization);
  const named = candidates.find((c) => ORG_WORDS.test(c)) ?? candidates[0];
  if (named) return named;
  const phrase = ORG_PHRASE.exec(text);
  return phrase ? trimOrganization(phrase[0]) : null;
}

function findSigner(text: string, recipient: string | null): string | null {
  const signed = firstAfterTriggers(text, SIGNER_TRIGGER, readName).find((n) => n !== recipient);
  if (signed) return signed;
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const [head, ...tail] = lines[i].split(/\s*,\s*/);
    const sameLineTitle = tail.some((part) => TITLE_WORDS.test(part));
    const nextLineTitle = i + 1 < lines.length && lines[i + 1].length <= 80 && TITLE_WORDS.test(lines[i + 1]);
    if (isPersonName(head) && (sameLineTitle || (tail.length === 0 && nextLineTitle))) {
      const name = stripPostnominals(head);
      if (name !== recipient) return name;
    }
  }
  return null;
}

function findCompletionDate(text: string): string | null {
  const dates = datesWithIndex(text).filter((d) => !BIRTH_CONTEXT.test(text.slice(Math.max(0, d.index - 25), d.index)));
  const inContext = dates.find((d) => COMPLETION_CONTEXT.test(text.slice(Math.max(0, d.index - 80), d.index)));
  return (inContext ?? dates[0])?.iso ?? null;
}

export function findCertificateDetails(rawText: string): CertificateDetails {
  const text = normalizeDocumentText(rawText);
  const recipientName = findRecipient(text);
  return {
    recipientName,
    issuingOrganization: findIssuer(text),
    certificateAuthor: findSigner(text, recipientName),
    completionDate: findCompletionDate(text),
  };
}

const SEGMENT_SPLIT = /\s*(?:[,;|:]|\s-\s|\sat\s)\s*/;
const CONTACT_LABEL = /^(?:e-?mail|mail|contact|tel|phone|fax|web|email address)$/i;
const CONTACT_LOOKBACK_LINES = 3;

interface ContactParts {
  name: string | null;
  title: string | null;
  organization: string | null;
}

function readContactParts(line: string, parts: ContactParts): void {
  const segments = line
    .replace(/[<([{]\s*$/, '')
    .split(SEGMENT_SPLIT)
    .map((s) => s.replace(/^[\s<([{'"]+|[\s>)\]}'".]+$/g, '').trim())
    .filter((s) => s !== '' && !CONTACT_LABEL.test(s));
  for (const segment of segments) {
    // An address or a phone number is never part of a name, a title or an organization.
    if (segment.includes('@') || /^[\d\s()+.-]{7,}$/.test(segment)) continue;
    if (isPersonName(segment)) parts.name ??= stripPostnominals(segment);
    else if (TITLE_WORDS.test(segment)) parts.title ??= segment;
    else if (ORG_WORDS.test(segment)) parts.organization ??= trimOrganization(segment);
  }
}

/** 'jane.smith' -> 'Jane Smith'; a one-word mailbox such as 'admissions' -> 'Admissions'. */
function nameFromEmail(email: string): string {
  const words = email
    .split('@')[0]
    .split(/[._-]+/)
    .map((w) => w.replace(/\d+/g, ''))
    .filter((w) => w.length > 0);
  const chosen = words.length > 0 ? words : [email.split('@')[0]];
  return chosen.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** People with an email address, their name, title and organization read from the same or the lines above. */
export function findContacts(rawText: string): LeadContact[] {
  const text = normalizeDocumentText(rawText);
  const contacts = new Map<string, LeadContact>();
  for (const match of emailMatches(text)) {
    if (contacts.has(match.email)) continue;
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    const parts: ContactParts = { name: null, title: null, organization: null };
    readContactParts(text.slice(lineStart, match.index), parts);

    const above = text.slice(0, Math.max(0, lineStart - 1)).split('\n');
    for (let k = 0; k < CONTACT_LOOKBACK_LINES && above.length > 0 && parts.name === null; k++) {
      const line = above.pop() ?? '';
      if (HAS_EMAIL.test(line)) break;
      readContactParts(line, parts);
    }

    contacts.set(match.email, {
      name: parts.name ?? nameFromEmail(match.email),
      title: parts.title,
      email: match.email,
      organization: parts.organization,
    });
  }
  return Array.from(contacts.values());
}
