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
  for (const [i, line] of lines.entries()) {
    const [head = '', ...tail] = line.split(/\s*,\s*/);
    const sameLineTitle = tail.some((part) => TITLE_WORDS.test(part));
    const next = lines[i + 1];
    const nextLineTitle = next !== undefined && next.length <= 80 && TITLE_WORDS.test(next);
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
