import { ConsoleLogger } from '@nestjs/common';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A SQL statement as drivers put it in error messages, with its values inlined. */
const SQL = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|select\s[\s\S]*?\sfrom)\b/i;
const SQL_STRING_LITERAL = /'(?:[^']|'')*'/g;
/** PostgreSQL's error detail repeats the offending values: Key (email)=(ana@example.com) already exists. */
const KEY_DETAIL = /(Key \([^)]*\)=)\([^)]*\)/g;
/** Fields whose values are personal wherever they appear as key: value or "key":"value". */
const PERSONAL_FIELD =
  /(["']?\b(?:name|full_?name|first_?name|last_?name|student_?name|buyer_?name|contact_?name|email|phone|address)["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;)}]+)/gi;

/**
 * Masks personal data in one log text: emails anywhere, the values of name/email/phone/address fields, every quoted
 * value of an inlined SQL statement (MikroORM puts the statement with its values in driver error messages) and the
 * values PostgreSQL repeats in a constraint error's detail.
 */
export function sanitizeLogText(text: string): string {
  let out = text.replace(KEY_DETAIL, '$1(***)');
  if (SQL.test(out)) out = out.replace(SQL_STRING_LITERAL, "'***'");
  out = out.replace(PERSONAL_FIELD, '$1***');
  return out.replace(EMAIL, '***@***');
}

function sanitizeValue(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeLogText(value);
  if (value instanceof Error) return sanitizeLogText(value.stack ?? `${value.name}: ${value.message}`);
  if (value !== null && typeof value === 'object') {
    try {
      return sanitizeLogText(JSON.stringify(value));
    } catch {
      return '[unserialisable]';
    }
  }
  return value;
}

/** Nest's console logger with every message and stack passed through sanitizeLogText. */
export class SanitizingLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    super.log(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
  override error(message: unknown, ...rest: unknown[]): void {
    super.error(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
  override warn(message: unknown, ...rest: unknown[]): void {
    super.warn(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
  override debug(message: unknown, ...rest: unknown[]): void {
    super.debug(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
  override verbose(message: unknown, ...rest: unknown[]): void {
    super.verbose(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
  override fatal(message: unknown, ...rest: unknown[]): void {
    super.fatal(sanitizeValue(message), ...rest.map(sanitizeValue));
  }
}
