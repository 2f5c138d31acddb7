import { normalizeDocumentText } from './normalize-text';

export const EMAIL = /[A-Za-z0-9._%+-]+ ?@ ?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
export const HAS_EMAIL = new RegExp(EMAIL.source);

/**
 * Layout feature: an address glued to the next word, as table cells and runs joined without a space give it
 * ('jane@uni.eduTeaching Assistant'): a domain's last part ends where lower case turns to upper case.
 */
function unglued(address: string): string {
  return address.replace(/(\.[a-z]{2,})[A-Z][A-Za-z]*$/, '$1');
}

export function emailMatches(text: string): { email: string; index: number; length: number }[] {
  return Array.from(text.matchAll(EMAIL), (m) => {
    const address = unglued(m[0]);
    return {
      email: address.replace(/ /g, '').replace(/^\.+/, '').toLowerCase(),
      index: m.index,
      length: address.length,
    };
  });
}

/** Distinct addresses, lower-cased, in order of appearance. */
export function findEmails(rawText: string): string[] {
  return Array.from(new Set(emailMatches(normalizeDocumentText(rawText)).map((m) => m.email)));
}
