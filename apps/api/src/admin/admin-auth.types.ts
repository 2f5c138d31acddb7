import type { StaffRole } from '@app/contracts';

/** The claims of an admin JWT; jti identifies one token so that logout can revoke exactly it. */
export interface AdminTokenPayload {
  sub: string;
  username: string;
  jti: string;
  /** The account's token version when the token was issued; tokens from before the version existed carry none (0). */
  ver?: number;
  iat: number;
  exp: number;
}

/** What the guard attaches to the request for a valid, unrevoked token. */
export interface AuthenticatedAdmin {
  id: string;
  username: string;
  /** Read from the account on every request, so a changed role applies to tokens already issued. */
  role: StaffRole;
  jti: string;
  expiresAt: Date;
  /**
   * Set when the request came with an API key rather than a staff token: the key acts with its creator's account
   * (`id`), within its scopes, and `username` names the key for the audit trail.
   */
  apiKey?: { id: string; name: string; prefix: string; scopes: readonly string[] };
}

export const ADMIN_JWT_STRATEGY = 'admin-jwt';
