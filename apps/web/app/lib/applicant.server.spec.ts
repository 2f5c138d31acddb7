import { APPLICANT_TOKEN_AUDIENCE } from '@app/contracts';
import jwt from 'jsonwebtoken';
import { randomBytes, randomUUID } from 'node:crypto';

const SECRET = 'unit-test-applicant-token-secret-0123456789';

/** The applicant token for API calls is signed once per applicant and session for half its minute (issue 28). */
describe('applicantToken', () => {
  let applicantToken: (typeof import('./applicant.server'))['applicantToken'];
  beforeAll(async () => {
    process.env.APPLICANT_TOKEN_SECRET = SECRET;
    process.env.SESSION_SECRET ??= 'unit-test-session-secret';
    ({ applicantToken } = await import('./applicant.server'));
  });
  afterEach(() => jest.restoreAllMocks());

  const claims = (token: string) =>
    jwt.verify(token, SECRET, { audience: APPLICANT_TOKEN_AUDIENCE, algorithms: ['HS256'] }) as jwt.JwtPayload;

  it('signs a minute-long token for the API audience, naming the session only once signed in', () => {
    const id = randomUUID();
    const session = randomBytes(32).toString('base64url');
    const signedIn = claims(applicantToken({ id, session }));
    expect(signedIn).toMatchObject({ sub: id, sid: session, aud: APPLICANT_TOKEN_AUDIENCE });
    expect((signedIn.exp ?? 0) - (signedIn.iat ?? 0)).toBe(60);
    const anonymous = claims(applicantToken({ id, session: null }));
    expect(anonymous.sub).toBe(id);
    expect(anonymous).not.toHaveProperty('sid');
  });

  it('uses the same token for the same applicant and session for 30 s, then signs a new one', () => {
    const sign = jest.spyOn(jwt, 'sign');
    const applicant = { id: randomUUID(), session: randomBytes(32).toString('base64url') };
    const start = Date.now();
    const first = applicantToken(applicant, start);
    expect(applicantToken({ ...applicant }, start + 29_999)).toBe(first);
    expect(sign).toHaveBeenCalledTimes(1);
    // Another session of the same applicant (another browser) has its own token.
    const other = applicantToken({ ...applicant, session: randomBytes(32).toString('base64url') }, start + 1);
    expect(claims(other).sid).not.toBe(applicant.session);
    expect(sign).toHaveBeenCalledTimes(2);
    applicantToken(applicant, start + 30_000);
    expect(sign).toHaveBeenCalledTimes(3);
  });

  it('keeps a bounded number of tokens: the oldest applicant kept is signed again after 1,000 others', () => {
    const start = Date.now();
    const oldest = { id: randomUUID(), session: null };
    applicantToken(oldest, start);
    for (let i = 0; i < 1_000; i++) applicantToken({ id: randomUUID(), session: null }, start);
    const sign = jest.spyOn(jwt, 'sign');
    applicantToken(oldest, start);
    expect(sign).toHaveBeenCalledTimes(1);
  });
});
