import type { LeadContact } from '@app/contracts';
import { emailMatches, HAS_EMAIL } from './emails';
import { isPersonName, ORG_WORDS, stripPostnominals, TITLE_WORDS, trimOrganization } from './names-and-organizations';
import { normalizeDocumentText } from './normalize-text';

const SEGMENT_SPLIT = /\s*(?:[,;|:]|\s-\s|\s–\s|\sat\s)\s*/;
const CONTACT_LABEL = /^(?:e-?mail|mail|contact|tel|phone|fax|web|email address|class e-?mail)$/i;
const CONTACT_LOOKBACK_LINES = 3;
/** Teaching assistants, graders and tutors help with a course; they are not whom an evaluator contacts about it. */
const ASSISTANT_WORDS =
  /\b(?:teaching\s+assistants?|graduate\s+assistants?|course\s+assistants?|graders?|markers?|tutors?|peer\s+mentors?)\b/i;
const ASSISTANT_ABBREVIATION = /\b(?:T\.?A|G\.?A|TAs|GAs)\b/;
const ASSISTANT_ROLE = { test: (s: string): boolean => ASSISTANT_WORDS.test(s) || ASSISTANT_ABBREVIATION.test(s) };
/** The roles that lead a course, listed first. */
const LEAD_ROLE =
  /\b(?:instructors?|professors?|lecturers?|teachers?|faculty|course\s+(?:leader|director|coordinator)|lead)\b/i;
/** A shared address of a class or an office ('Class email', 'cs101-help@…'), listed after the people. */
const SHARED_ADDRESS = /\b(?:class\s+e-?mail|help\s*desk|support)\b|^(?:help|info|office|admin|support)\b|-help\b/i;

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

/**
 * 'jane.smith' -> 'Jane Smith'; a one-word mailbox such as 'admissions' -> 'Admissions'. A mailbox that is an account
 * number ('qp252142') names no one: the address stands for the contact.
 */
function nameFromEmail(email: string): string {
  const [mailbox = ''] = email.split('@');
  const words = mailbox
    .split(/[._-]+/)
    .map((w) => w.replace(/\d+/g, ''))
    .filter((w) => w.length > 0);
  if (!words.some((w) => w.length >= 3)) return email;
  const chosen = words;
  return chosen.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Names printed in the document (two to four capitalised words, accents allowed), with an honorific or not. */
const PRINTED_NAME = /(?<![\p{L}])(\p{Lu}[\p{L}'-]+(?: +(?:\p{Lu}\.|\p{Lu}[\p{L}'-]+)){1,3})/gu;

/**
 * Layout feature: an address whose mailbox is made of the person's surname ('baranyzs@…' for 'Zsófia L. Bárány',
 * 'jhanson2@…' for 'Dr. Jordan Hanson'): the name is the one printed in the document whose last word the mailbox holds.
 */
function nameMatchingMailbox(email: string, text: string): string | null {
  const mailbox = fold(email.split('@')[0] ?? '').replace(/[^a-z]/g, '');
  if (mailbox.length < 4) return null;
  for (const m of text.matchAll(PRINTED_NAME)) {
    // Leading title words are not part of the name ('Instructor Jane Roe').
    const words = (m[1] ?? '').split(/ +/);
    while (words.length > 0 && TITLE_WORDS.test(words[0] ?? '')) words.shift();
    const name = words.join(' ');
    if (words.length < 2 || ORG_WORDS.test(name) || TITLE_WORDS.test(name)) continue;
    const last = fold(words.at(-1) ?? '').replace(/[^a-z]/g, '');
    const first = fold(words[0] ?? '').replace(/[^a-z]/g, '');
    if (last.length < 4 || !mailbox.includes(last)) continue;
    // The rest of the mailbox is the first name or its first letters ('j' + 'hanson', 'barany' + 'zs').
    const rest = mailbox.replace(last, '');
    if (rest === '' || first.startsWith(rest) || rest.startsWith(first)) return name;
  }
  return null;
}

/** The role named last in `text` ('Instructor: Jane (j@u), TA: Bo (' gives TA); '' when it names none. */
function lastRole(text: string): string {
  const found = [ASSISTANT_WORDS, ASSISTANT_ABBREVIATION, LEAD_ROLE]
    .flatMap((r) => Array.from(text.matchAll(new RegExp(r.source, r.flags.includes('g') ? r.flags : `${r.flags}g`))))
    .sort((a, b) => b.index - a.index);
  return found[0]?.[0] ?? '';
}

/**
 * People with an email address, their name, title and organization read from the same or the lines above, in role
 * order: those who lead the course first, then other people, then shared class or office addresses; teaching
 * assistants are left out.
 */
export function findContacts(rawText: string): LeadContact[] {
  const text = normalizeDocumentText(rawText);
  const found = new Map<string, { contact: LeadContact; rank: number }>();
  const matches = emailMatches(text);
  const roles: string[] = [];
  matches.forEach((match, k) => {
    if (found.has(match.email)) return;
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    const previous = matches[k - 1];
    const previousEnd = previous ? previous.index + previous.length : 0;
    // On a line listing several people, a name is read after the address before it, never from another person.
    const ownStart = Math.max(lineStart, previousEnd);
    const parts: ContactParts = { name: null, title: null, organization: null };
    readContactParts(text.slice(ownStart, match.index), parts);

    const above = text
      .slice(0, Math.max(0, lineStart - 1))
      .split('\n')
      .filter((l) => l.trim() !== '');
    const context: string[] = [];
    for (let n = 0; n < CONTACT_LOOKBACK_LINES && above.length > 0; n++) {
      const line = above.pop() ?? '';
      if (HAS_EMAIL.test(line)) break;
      context.push(line);
    }
    if (parts.name === null) {
      // A name printed elsewhere that the mailbox is made of outranks a capitalised phrase on a line above.
      const fromMailbox = nameMatchingMailbox(match.email, text);
      for (const line of context) {
        readContactParts(line, parts);
        if (parts.name !== null) break;
      }
      const mailbox = fold(match.email.split('@')[0] ?? '').replace(/[^a-z]/g, '');
      const found = parts.name as string | null;
      const lookedUp = fold(found?.split(/\s+/).at(-1) ?? '').replace(/[^a-z]/g, '');
      const agrees = lookedUp.length >= 3 && mailbox.includes(lookedUp);
      if (fromMailbox !== null && !agrees) parts.name = fromMailbox;
    }

    // The role is written on the address's own line (before it, or after it in a table row), else alone on the line
    // after it (a table read cell by cell), else on a label line above.
    const next = matches[k + 1];
    const lineEnd = text.indexOf('\n', match.index);
    const ownEnd = Math.min(
      lineEnd < 0 ? text.length : lineEnd,
      next && next.index > match.index ? next.index : Infinity,
    );
    const after = text.slice(match.index + match.length, ownEnd);
    const following = (
      text
        .slice(ownEnd + 1)
        .split('\n')
        .find((l) => l.trim() !== '') ?? ''
    ).trim();
    const roleAlone = /^[A-Za-z() ]{2,30}$/.test(following) ? following : '';
    // Layout feature: people listed one a line under a role heading ('Lab TAs' over two 'Name address' lines) all
    // hold that role: an address on the line right under another address, naming no role, takes that one's role.
    const underPrevious =
      previous !== undefined && context.length === 0 && text.lastIndexOf('\n', previous.index) + 1 < lineStart;
    const role =
      [lastRole(text.slice(lineStart, match.index)), ...[after, roleAlone, ...context].map(lastRole)].find(Boolean) ??
      (underPrevious ? (roles[k - 1] ?? '') : '');
    roles[k] = role;
    if (ASSISTANT_ROLE.test(role)) return;
    const shared = SHARED_ADDRESS.test(text.slice(lineStart, match.index)) || SHARED_ADDRESS.test(match.email);
    const rank =
      shared && parts.name === null
        ? 2
        : LEAD_ROLE.test(role) || LEAD_ROLE.test(parts.title ?? '')
          ? 0
          : parts.name
            ? 1
            : 2;
    found.set(match.email, {
      contact: {
        name: parts.name ?? nameFromEmail(match.email),
        title: parts.title,
        email: match.email,
        organization: parts.organization,
      },
      rank,
    });
  });
  return Array.from(found.values())
    .map((c, i) => ({ ...c, i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((c) => c.contact);
}
