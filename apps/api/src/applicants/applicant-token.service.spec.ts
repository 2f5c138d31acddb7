import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../config/app-config';
import { ApplicantTokenService } from './applicant-token.service';

const SECRET = 'spec-applicant-token-secret-0123456789abcdef';

function service(secret: string | null = SECRET): ApplicantTokenService {
  return new ApplicantTokenService(
    loadConfig({ NODE_ENV: 'test', ...(secret ? { APPLICANT_TOKEN_SECRET: secret } : {}) }),
  );
}

describe('ApplicantTokenService', () => {
  const jwt = new JwtService({});
  const id = randomUUID();

  it('reads the applicant id of a token the web server signed', async () => {
    expect(await service().verify(service().sign(id))).toEqual({ applicantId: id, session: null });
  });

  it('reads the session a signed-in browser carries', async () => {
    const session = 'a'.repeat(43);
    expect(await service().verify(service().sign(id, 60, session))).toEqual({ applicantId: id, session });
  });

  it.each([
    [
      'another secret',
      () =>
        jwt.sign(
          { sub: id },
          { secret: 'another-secret-of-enough-length-0123456789', audience: 'applicant', expiresIn: 60 },
        ),
    ],
    ['another audience', () => jwt.sign({ sub: id }, { secret: SECRET, audience: 'admin', expiresIn: 60 })],
    ['an expired token', () => jwt.sign({ sub: id }, { secret: SECRET, audience: 'applicant', expiresIn: -1 })],
    [
      'a subject that is not an id',
      () => jwt.sign({ sub: 'admin' }, { secret: SECRET, audience: 'applicant', expiresIn: 60 }),
    ],
    [
      'an unsigned token',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: id, aud: 'applicant' })).toString('base64url')}.`,
    ],
    ['a token without an expiry', () => jwt.sign({ sub: id }, { secret: SECRET, audience: 'applicant' })],
    [
      'a token valid for a day (older than the few minutes accepted)',
      () =>
        jwt.sign(
          { sub: id, iat: Math.floor(Date.now() / 1000) - 600 },
          { secret: SECRET, audience: 'applicant', expiresIn: 86_400 },
        ),
    ],
    [
      'a token without an issue time',
      () => jwt.sign({ sub: id }, { secret: SECRET, audience: 'applicant', expiresIn: 60, noTimestamp: true }),
    ],
    [
      'a session that is not a session token',
      () => jwt.sign({ sub: id, sid: 'short' }, { secret: SECRET, audience: 'applicant', expiresIn: 60 }),
    ],
    ['nothing', () => undefined],
  ])('refuses %s', async (_label, token) => {
    expect(await service().verify(token())).toBeNull();
  });

  it('refuses every token when no secret is configured', async () => {
    expect(await service(null).verify(service().sign(id))).toBeNull();
  });

  it('needs a secret of at least 32 characters, and one in production', () => {
    expect(() => loadConfig({ APPLICANT_TOKEN_SECRET: 'short' })).toThrow(
      'APPLICANT_TOKEN_SECRET must be at least 32 characters',
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APPLICANT_TOKEN_SECRET/);
  });
});
