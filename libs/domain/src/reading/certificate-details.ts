import type { CertificateDetails } from '@app/contracts';
import { datesWithIndex } from './dates';
import {
  isPersonName,
  ORG_PHRASE,
  ORG_WORDS,
  readName,
  readOrganization,
  stripPostnominals,
  TITLE_WORDS,
  trimOrganization,
} from './names-and-organizations';
import { normalizeDocumentText } from './normalize-text';
import { linesOfText, type TextLine } from './positioned-lines';

const RECIPIENT_TRIGGER =
  /\b(?:(?:this\s+(?:is\s+to\s+)?)?certif(?:y|ies)\s+that|(?:hereby\s+)?(?:awarded|presented|granted|issued|conferred)\s+(?:up)?(?:to|on)|recipient\s*:|student\s*(?:name)?\s*:|participant\s*(?:name)?\s*:)/gi;
/** Who issues: 'issued by', 'provided by', 'Provider:'. An accreditor ('approved by', 'accredited by') only vouches for the issuer. */
const ISSUER_TRIGGER =
  /\b(?:(?:issued|awarded|presented|granted|conferred|offered|provided)\s+by\s*:?|(?:issuing\s+(?:organi[sz]ation|body|institution)|institution|organi[sz]ation|(?:ce\s+)?provider)\s*:)/gi;
const SIGNER_TRIGGER = /\b(?:signed(?:\s+by)?|signature|authori[sz]ed\s+by|certifying\s+officer)\s*[:,-]?/gi;
const COMPLETION_CONTEXT = /complet|award|issu|confer|grant|date/i;
const STRONG_COMPLETION_CONTEXT = /complet|award|issu|confer|grant/i;
/** A start date ('Start Date: 08/11/2025', 'from 21st July') is not when the course was completed. */
const START_CONTEXT = /\b(?:start|begin|began|from)\b[^\n]{0,20}$/i;
const BIRTH_CONTEXT = /birth|\bdob\b/i;
/** What follows the recipient's line on a certificate: the completion phrase. */
const COMPLETION_PHRASE =
  /^(?:has|have|who|for|in\s+recognition|successfully|completed|is\s+hereby|attended|participated|on\s+(?:successful|completing))/i;
/** A line that ends with the recipient trigger, the name coming on the next line ('This certifies that' / name). */
const TRIGGER_ENDS_LINE =
  /(?:certif(?:y|ies)\s+that|(?:awarded|presented|granted|conferred)\s+(?:up)?(?:to|on)|is\s+presented\s+to|is\s+awarded\s+to|recogni[sz]es|congratulates)\s*:?$/i;
/** A key in a key/value header that names the person the document is about. */
const RECIPIENT_KEY =
  /^(?:recipient|participant|attendee|student|client|trainee|learner|candidate|awardee|name(?:\s+of\s+(?:participant|recipient|student))?)(?:[\s-]*(?:name|worker|full\s+name))?\s*:$/i;
/** A line naming what the document is ('HIGH SCHOOL DIPLOMA', 'Certificate of Completion'), not who issued it. */
const DOCUMENT_TITLE = /\b(?:diploma|certificate|transcript)\s*$|^\s*(?:certificate|diploma)\s+of\b/i;
/** A sponsor funds or hosts; it does not issue the certificate. */
const SPONSOR = /\bsponsor(?:ed|s|ing)?\b/i;

/** A line that is no text at all: a blank line for a name, rules, or what OCR makes of a scroll or a signature. */
function isBlankLine(text: string): boolean {
  const letters = (text.match(/[A-Za-z]/g) ?? []).length;
  const words = text.split(/\s+/).filter((w) => /^[A-Za-z][a-z]+$/.test(w)).length;
  return (
    text.trim() === '' || /^[\s_.…-]+$/.test(text) || letters < text.replace(/\s/g, '').length * 0.6 || words === 0
  );
}

/** A recipient written as a user name ('azaterol'), as online platforms print it between the trigger and the completion. */
const USER_NAME = /^[a-z0-9][a-z0-9._-]{2,29}$/;

function firstAfterTriggers<T>(text: string, trigger: RegExp, read: (text: string, from: number) => T | null): T[] {
  const found: T[] = [];
  for (const m of text.matchAll(trigger)) {
    const value = read(text, m.index + m[0].length);
    if (value !== null) found.push(value);
  }
  return found;
}

/**
 * Layout features: the recipient on the line after 'This certifies that' / 'presented to', above the completion
 * phrase ('has successfully completed'); a key/value header ('Participant: Jane Doe'); or the name after the trigger on
 * its own line. A recipient line left blank is no recipient, never the next line's words.
 */
function findRecipient(lines: readonly string[], text: string): { name: string | null; blank: boolean } {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!TRIGGER_ENDS_LINE.test(line)) continue;
    const slot = (lines[i + 1] ?? '').trim();
    const after = (lines[i + 2] ?? '').trim();
    const name = slot.replace(/[,.]$/, '');
    if (isPersonName(name)) return { name: stripPostnominals(name), blank: false };
    if (USER_NAME.test(name) && COMPLETION_PHRASE.test(after)) return { name, blank: false };
    if (isBlankLine(slot) && COMPLETION_PHRASE.test(after)) return { name: null, blank: true };
  }
  const afterTrigger = firstAfterTriggers(text, RECIPIENT_TRIGGER, readName)[0];
  if (afterTrigger !== undefined) return { name: afterTrigger, blank: false };
  // Layout feature: no trigger, the name alone on its line between the title and the completion phrase
  // ('CERTIFICATE OF ATTENDANCE' / 'John Doe' / 'has successfully attended the event').
  for (let i = 1; i + 1 < lines.length; i++) {
    // OCR reads a flourish before the name as a dash or a mark ('— Jane Doe'): no letter before the name is kept.
    const name = (lines[i] ?? '')
      .trim()
      .replace(/^[^\p{L}]+/u, '')
      .replace(/[,.]$/, '');
    if (isPersonName(name) && COMPLETION_PHRASE.test((lines[i + 1] ?? '').trim()))
      return { name: stripPostnominals(name), blank: false };
  }
  // Layout feature: the name printed alone on a line and again as the subject of the completion sentence ('Over the
  // period of May to June, Jane Doe has completed …'): both must agree, so no other capitalised phrase is taken.
  for (const line of lines) {
    const name = line.trim().replace(/[,.]$/, '');
    if (!isPersonName(name)) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (
      new RegExp(
        `(?:^|[,;]\\s*|\\s)${escaped}\\s+(?:has|have)\\s+(?:successfully\\s+)?(?:completed|attended|participated)\\b`,
      ).test(text)
    )
      return { name: stripPostnominals(name), blank: false };
  }
  return { name: null, blank: false };
}

function keyValueRecipient(rows: readonly TextLine[]): string | null {
  for (const row of rows) {
    const cells = row.cells.length > 1 ? row.cells.map((c) => c.text) : row.text.split(/(?<=:)\s+/);
    for (let k = 0; k + 1 < cells.length; k++) {
      const key = (cells[k] ?? '').trim();
      const value = (cells[k + 1] ?? '').trim();
      if (RECIPIENT_KEY.test(key) && isPersonName(value)) return stripPostnominals(value);
    }
  }
  return null;
}

/** The organization in a signer's title line ('Executive Director, The Foundation of Change'), or on the line below it. */
function signatureOrganization(rows: readonly TextLine[]): string | null {
  // Signers side by side have their titles in cells of one line: each cell is read as a line of its own.
  const lines = rows
    .flatMap((r) => (r.cells.length > 1 ? r.cells.map((c) => c.text) : [r.text]))
    .map((l) => normalizeDocumentText(l).trim());
  for (const [i, line] of lines.entries()) {
    // A key/value or contact line ('Office: Hall 118', an address) is not a signature block.
    if (/[@:]/.test(line)) continue;
    const parts = line.split(/\s*,\s*/);
    const titleAt = parts.findIndex((p) => TITLE_WORDS.test(p) && p.split(/\s+/).length <= 5);
    if (titleAt < 0) continue;
    // The part after the title, up to an address or a link.
    const rest = (parts[titleAt + 1] ?? '').split(/\s+(?=\S*(?:@|https?:|www\.))/)[0]?.trim() ?? '';
    if (
      rest &&
      !rest.includes('@') &&
      !TITLE_WORDS.test(rest) &&
      /^[\p{L}0-9]/u.test(rest) &&
      /\p{Lu}/u.test(rest) &&
      !SPONSOR.test(line)
    )
      return trimOrganization(rest);
    // A title alone on its line, under a name, with the organization below it (a signature block).
    const above = (lines[i - 1] ?? '').trim();
    const below = (lines[i + 1] ?? '').trim();
    if (parts.length === 1 && isPersonName(stripPostnominals(above)) && /^[A-Z][A-Z0-9&'. -]{2,60}$/.test(below))
      return below;
  }
  return null;
}

/** 'Programming Hub Certifies that': the subject of 'certifies' is the issuer. */
function certifyingSubject(lines: readonly string[]): string | null {
  for (const line of lines) {
    const m = /^(.{2,80}?)\s+(?:hereby\s+)?certifies\s+that\b/i.exec(line.trim());
    const subject = m?.[1]?.replace(/^(?:this|it|we)\b.*$/i, '').trim();
    if (subject && /^[A-Z]/.test(subject)) return trimOrganization(subject);
  }
  return null;
}

function findIssuer(rows: readonly TextLine[], lines: readonly string[]): string | null {
  // A line naming a sponsor ('sponsored by', 'approved … to sponsor continuing education') never gives the issuer.
  const sponsored = new Set(lines.filter((l) => SPONSOR.test(l)));
  const candidates = lines
    .filter((l) => !sponsored.has(l))
    .flatMap((l) => firstAfterTriggers(l, ISSUER_TRIGGER, readOrganization));
  const named = candidates.find((c) => ORG_WORDS.test(c)) ?? candidates[0];
  if (named) return named;
  const subject = certifyingSubject(lines);
  if (subject) return subject;
  const signed = signatureOrganization(rows);
  if (signed) return signed;
  // An organization phrase, but not one named as a sponsor, nor the document's own title ('HIGH SCHOOL DIPLOMA').
  for (const line of lines) {
    // A signer's title ('School Principal') names a post, not the issuer.
    if (SPONSOR.test(line) || DOCUMENT_TITLE.test(line) || (TITLE_WORDS.test(line) && line.split(/\s+/).length <= 4))
      continue;
    const phrase = ORG_PHRASE.exec(line);
    if (phrase) return trimOrganization(phrase[0]);
  }
  return null;
}

/**
 * Layout feature: a signature block, a printed name under a script signature with the signer's title beside it
 * ('Anna Berg, Director') or below it; several signers side by side are cells of one line, their titles below.
 */
function findSigner(lines: readonly TextLine[], text: string, recipient: string | null): string | null {
  const signed = firstAfterTriggers(text, SIGNER_TRIGGER, readName).find((n) => n !== recipient);
  if (signed) return signed;
  const texts = lines.map((l) => l.text.trim());
  for (const [i, line] of texts.entries()) {
    // A line of several cells holds signers side by side (read below), never one long name.
    const [head = '', ...tail] = (lines[i]?.cells.length ?? 1) > 1 ? [''] : line.split(/\s*,\s*/);
    const sameLineTitle = tail.some((part) => TITLE_WORDS.test(part));
    const next = texts[i + 1];
    const nextLineTitle = next !== undefined && next.length <= 80 && TITLE_WORDS.test(next);
    // Credentials after the name ('Irene Castillo, LCSW', 'M.S., CADC') are not a title.
    const onlyCredentials = tail.every(
      (part) => /^[A-Z][A-Za-z.]{0,7}$/.test(part.replace(/\s/g, '')) && !TITLE_WORDS.test(part),
    );
    if (isPersonName(head) && (sameLineTitle || (onlyCredentials && nextLineTitle))) {
      const name = stripPostnominals(head);
      if (name !== recipient) return name;
    }
    // Signers side by side: a line whose cells are names over a line with a title under them.
    const row = lines[i];
    const below = lines[i + 1];
    if (row && below && row.cells.length > 1 && !row.cells.some((c) => c.text.trim().endsWith(':'))) {
      for (const cell of row.cells) {
        const name = cell.text.trim();
        if (!isPersonName(name) || name === recipient) continue;
        // The title under this name: the cell of the line below that starts nearest to it.
        const under = [...below.cells].sort((a, b) => Math.abs(a.x - cell.x) - Math.abs(b.x - cell.x))[0];
        if (under && TITLE_WORDS.test(under.text)) return stripPostnominals(name);
      }
    }
  }
  return null;
}

function findCompletionDate(text: string): string | null {
  const dates = datesWithIndex(text).filter((d) => !BIRTH_CONTEXT.test(text.slice(Math.max(0, d.index - 25), d.index)));
  const lineOf = (index: number): string => {
    const start = text.lastIndexOf('\n', index - 1) + 1;
    const end = text.indexOf('\n', index);
    return text.slice(start, end < 0 ? text.length : end);
  };
  const notStart = dates.filter((d) => !START_CONTEXT.test(text.slice(Math.max(0, d.index - 30), d.index)));
  const strong = notStart.find((d) => STRONG_COMPLETION_CONTEXT.test(lineOf(d.index)));
  const inContext = notStart.find((d) => COMPLETION_CONTEXT.test(text.slice(Math.max(0, d.index - 80), d.index)));
  return (strong ?? inContext ?? notStart[0] ?? dates[0])?.iso ?? null;
}

/**
 * A certificate's recipient, issuer, signer and completion date. `positioned` are the document's lines rebuilt from
 * positions (key/value headers and signers side by side are cells there); plain text's lines otherwise.
 */
export function findCertificateDetails(rawText: string, positioned?: readonly TextLine[]): CertificateDetails {
  const rows = positioned && positioned.length > 0 ? positioned : linesOfText(rawText);
  const lines = rows.map((l) => normalizeDocumentText(l.text).trim());
  // The lines in reading order: a key/value header's value follows its key there, whatever order the file has them in.
  const text = positioned && positioned.length > 0 ? lines.join('\n') : normalizeDocumentText(rawText);
  const recipient = findRecipient(lines, text);
  const recipientName = recipient.blank ? null : (recipient.name ?? keyValueRecipient(rows));
  return {
    recipientName,
    issuingOrganization: findIssuer(rows, lines),
    certificateAuthor: findSigner(rows, text, recipientName),
    completionDate: findCompletionDate(text),
  };
}
