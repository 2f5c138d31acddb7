/** An RFC 2822 / MIME email as Gmail's drafts.create takes it: plain UTF-8 text, headers encoded per RFC 2047. */
export interface PlainEmail {
  from: string;
  to: { name: string; email: string };
  subject: string;
  body: string;
}

const NEEDS_ENCODING = /[^\x20-\x7e]/;

/** An encoded-word when the text is not plain printable ASCII; header line breaks are always removed. */
function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  return NEEDS_ENCODING.test(oneLine) ? `=?UTF-8?B?${Buffer.from(oneLine, 'utf8').toString('base64')}?=` : oneLine;
}

function mailbox(name: string, email: string): string {
  const cleanEmail = email.replace(/[\r\n<>\s]/g, '');
  const cleanName = name.replace(/[\r\n]+/g, ' ').trim();
  if (!cleanName) return `<${cleanEmail}>`;
  const display = NEEDS_ENCODING.test(cleanName) ? headerText(cleanName) : `"${cleanName.replace(/(["\\])/g, '\\$1')}"`;
  return `${display} <${cleanEmail}>`;
}

export function buildMimeMessage(email: PlainEmail): string {
  const body = Buffer.from(email.body.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64');
  return [
    `From: ${email.from.replace(/[\r\n]/g, '')}`,
    `To: ${mailbox(email.to.name, email.to.email)}`,
    `Subject: ${headerText(email.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    // 76-character lines, as MIME requires of base64 bodies.
    ...(body.match(/.{1,76}/g) ?? ['']),
  ].join('\r\n');
}

/** Gmail's `raw` field: the whole message in base64url. */
export function toGmailRaw(message: string): string {
  return Buffer.from(message, 'utf8').toString('base64url');
}
