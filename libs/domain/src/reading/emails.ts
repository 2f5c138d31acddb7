import { normalizeDocumentText } from './normalize-text';

export const EMAIL = /[A-Za-z0-9._%+-]+ ?@ ?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
export const HAS_EMAIL = new RegExp(EMAIL.source);

export function emailMatches(text: string): { email: string; index: number; length: number }[] {
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
