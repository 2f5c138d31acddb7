export const MAX_CREDENTIAL_NAME_LENGTH = 200;

export type CredentialNameResult = { ok: true; name: string } | { ok: false; error: string };

export function normalizeCredentialName(raw: string): CredentialNameResult {
  const name = raw.trim();
  if (name === '') return { ok: false, error: 'Name is required' };
  if (name.length > MAX_CREDENTIAL_NAME_LENGTH) {
    return { ok: false, error: `Name must be at most ${MAX_CREDENTIAL_NAME_LENGTH} characters` };
  }
  return { ok: true, name };
}
