import { buildMimeMessage, toGmailRaw } from './mime-message';

function bodyOf(message: string): string {
  const [, encoded] = message.split('\r\n\r\n');
  return Buffer.from(encoded.replace(/\r\n/g, ''), 'base64').toString('utf8');
}

describe('buildMimeMessage', () => {
  it('writes the headers and a base64 UTF-8 body with CRLF line ends', () => {
    const message = buildMimeMessage({
      from: 'me@example.com',
      to: { name: 'Jane Doe', email: 'jane@example.org' },
      subject: 'Hello',
      body: 'Line 1\nLine 2',
    });
    expect(message).toContain('From: me@example.com\r\n');
    expect(message).toContain('To: "Jane Doe" <jane@example.org>\r\n');
    expect(message).toContain('Subject: Hello\r\n');
    expect(message).toContain('Content-Type: text/plain; charset="UTF-8"');
    expect(bodyOf(message)).toBe('Line 1\r\nLine 2');
  });

  it('encodes non-ASCII subjects and names, and keeps values from adding headers', () => {
    const message = buildMimeMessage({
      from: 'me@example.com',
      to: { name: 'Zoë "Z" Müller', email: 'zoe@example.org' },
      subject: 'Grüße\r\nBcc: evil@example.com',
      body: 'Hallo Zoë',
    });
    const headers = message.split('\r\n\r\n')[0].split('\r\n');
    expect(headers.some((line) => line.startsWith('Bcc:'))).toBe(false);
    const subject = headers.find((line) => line.startsWith('Subject: '));
    expect(subject).toMatch(/^Subject: =\?UTF-8\?B\?.+\?=$/);
    const decoded = Buffer.from(subject!.slice('Subject: =?UTF-8?B?'.length, -2), 'base64').toString('utf8');
    expect(decoded).toBe('Grüße Bcc: evil@example.com');
    expect(bodyOf(message)).toBe('Hallo Zoë');
  });

  it('makes Gmail raw text that decodes back to the message', () => {
    const message = buildMimeMessage({ from: 'a@b.c', to: { name: '', email: 'x@y.z' }, subject: 's', body: 'b' });
    expect(message).toContain('To: <x@y.z>');
    const raw = toGmailRaw(message);
    expect(raw).not.toMatch(/[+/=]/);
    expect(Buffer.from(raw, 'base64url').toString('utf8')).toBe(message);
  });
});
