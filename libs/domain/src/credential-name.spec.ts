import { MAX_CREDENTIAL_NAME_LENGTH, normalizeCredentialName } from './credential-name';

describe('normalizeCredentialName', () => {
  it('trims the name', () => {
    expect(normalizeCredentialName('  BA Psychology  ')).toEqual({ ok: true, name: 'BA Psychology' });
  });

  it.each(['', '   ', '\n\t'])('requires a name, not %p', (raw) => {
    expect(normalizeCredentialName(raw)).toEqual({ ok: false, error: 'Name is required' });
  });

  it('accepts exactly the maximum length', () => {
    const name = 'x'.repeat(MAX_CREDENTIAL_NAME_LENGTH);
    expect(normalizeCredentialName(name)).toEqual({ ok: true, name });
  });

  it('measures the length after trimming', () => {
    expect(normalizeCredentialName(`  ${'x'.repeat(200)}  `).ok).toBe(true);
  });

  it('rejects a longer name', () => {
    expect(normalizeCredentialName('x'.repeat(201))).toEqual({
      ok: false,
      error: 'Name must be at most 200 characters',
    });
  });
});
