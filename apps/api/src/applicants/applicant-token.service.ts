import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { verify } from 'jsonwebtoken';
import type { KeyObject } from 'node:crypto';
import { hs256Key } from '../common/hs256-key';
import { APPLICANT_TOKEN_AUDIENCE, APPLICANT_TOKEN_HEADER } from '@app/contracts';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A session token as the API makes them: 32 random bytes, base64url. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export { APPLICANT_TOKEN_HEADER };

/** What a valid applicant token says: whose browser this is and, once signed in, the session it carries. */
export interface ApplicantTokenClaims {
  applicantId: string;
  session: string | null;
}

/** The oldest applicant token accepted, whatever its exp says: the web server signs one a minute long per call. */
export const APPLICANT_TOKEN_MAX_AGE_SECONDS = 300;

/** The OpenAPI security scheme of the applicant token header (app.factory.ts declares it). */
export const APPLICANT_TOKEN_SCHEME = 'applicantToken';

/**
 * Reads the applicant tokens the web server signs per request (HS256 with APPLICANT_TOKEN_SECRET, a minute long):
 * the applicant id lives in the web server's signed cookie, and the browser never names an owner itself.
 */
@Injectable()
export class ApplicantTokenService {
  private readonly jwt = new JwtService({});
  private readonly secret: string | null;
  /** The secret as a key made once (common/hs256-key.ts). */
  private readonly key: KeyObject | null;

  constructor(@InjectConfig() config: AppConfig) {
    this.secret = config.records.applicantTokenSecret;
    this.key = this.secret ? hs256Key(this.secret) : null;
  }

  /**
   * The applicant id, and the session token of a signed-in browser (`sid`; the sessions service checks it), or null
   * for a missing, forged, expired, foreign, too old or never-expiring token.
   */
  async verify(token: string | undefined): Promise<ApplicantTokenClaims | null> {
    if (!token || !this.key) return null;
    try {
      const payload = verify(token, this.key, {
        audience: APPLICANT_TOKEN_AUDIENCE,
        algorithms: ['HS256'],
        // Issued at most this long ago (a token without iat is refused), whatever expiry it claims.
        maxAge: APPLICANT_TOKEN_MAX_AGE_SECONDS,
      });
      if (typeof payload === 'string') return null;
      // A token that never expires is refused even while it is young: the web server always sets exp.
      if (typeof payload.exp !== 'number') return null;
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
      if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !SESSION_TOKEN.test(payload.sid)))
        return null;
      return { applicantId: payload.sub, session: typeof payload.sid === 'string' ? payload.sid : null };
    } catch {
      return null;
    }
  }

  /** For tests and tools that act as the web server (which signs a token a minute long per request). */
  sign(applicantId: string, expiresInSeconds = 60, session: string | null = null): string {
    if (!this.secret) throw new Error('APPLICANT_TOKEN_SECRET is not set');
    return this.jwt.sign(session ? { sub: applicantId, sid: session } : { sub: applicantId }, {
      secret: this.secret,
      audience: APPLICANT_TOKEN_AUDIENCE,
      expiresIn: expiresInSeconds,
      algorithm: 'HS256',
    });
  }
}
