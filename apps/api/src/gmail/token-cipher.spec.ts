import { decryptToken, encryptToken, TokenCipherError } from './token-cipher';

const KEY = 'a'.repeat(64);
const OTHER_KEY = 'b'.repeat(64);

describe('token cipher', () => {
  it('round-trips and never contains the plain token', () => {
    const sealed = encryptToken('1//refresh-token-value', KEY);
    expect(sealed).not.toContain('refresh-token-value');
    expect(decryptToken(sealed, KEY)).toBe('1//refresh-token-value');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptToken('same', KEY)).not.toBe(encryptToken('same', KEY));
  });

  it('refuses another key and altered ciphertext', () => {
    const sealed = encryptToken('secret', KEY);
    expect(() => decryptToken(sealed, OTHER_KEY)).toThrow(TokenCipherError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptToken(parts.join('.'), KEY)).toThrow(TokenCipherError);
    expect(() => decryptToken('plain', KEY)).toThrow(TokenCipherError);
  });

  it('refuses a key that is not 64 hex characters', () => {
    expect(() => encryptToken('x', 'short')).toThrow(TokenCipherError);
  });
});
