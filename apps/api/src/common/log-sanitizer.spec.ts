import { sanitizeLogText } from './log-sanitizer';

describe('sanitizeLogText', () => {
  it('masks emails anywhere', () => {
    expect(sanitizeLogText('sent to ana.lopez+x@example.co.uk today')).toBe('sent to ***@*** today');
  });

  it('masks every quoted value of an inlined SQL statement and the values of a constraint detail', () => {
    const line =
      `insert into "enrollments" ("student_name", "email", "amount_paid") values ('Ana O''Neil', 'ana@example.com', 249500) - ` +
      `duplicate key value violates unique constraint\n - detail: Key (email)=(ana@example.com) already exists.`;
    const out = sanitizeLogText(line);
    expect(out).not.toMatch(/Ana|O''Neil|ana@example\.com/);
    expect(out).toContain(`values ('***', '***', 249500)`);
    expect(out).toContain('Key (email)=(***)');
  });

  it('masks name and email fields written as key: value or JSON', () => {
    expect(sanitizeLogText('{"studentName":"Ana Lopez","id":7}')).toBe('{"studentName":***,"id":7}');
    expect(sanitizeLogText('buyer name=Ana email: someone')).toBe('buyer name=*** email: ***');
  });

  it('keeps ids and ordinary text', () => {
    expect(sanitizeLogText('Credential 9f1c analysis failed in phase 2')).toBe(
      'Credential 9f1c analysis failed in phase 2',
    );
  });
});
