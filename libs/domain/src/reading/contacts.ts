import type { LeadContact } from '@app/contracts';
import { emailMatches, HAS_EMAIL } from './emails';
import { isPersonName, ORG_WORDS, stripPostnominals, TITLE_WORDS, trimOrganization } from './names-and-organizations';
import { normalizeDocumentText } from './normalize-text';

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
  const [mailbox = ''] = email.split('@');
  const words = mailbox
    .split(/[._-]+/)
    .map((w) => w.replace(/\d+/g, ''))
    .filter((w) => w.length > 0);
  const chosen = words.length > 0 ? words : [mailbox];
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
