import { createCookie } from 'react-router';
import { createSignedCookie } from './signed-cookie.server';

/** A signed cookie whose verified values are remembered per Cookie header (issue 28) must read exactly as before. */
describe('createSignedCookie', () => {
  const options = { secrets: ['test-secret'], path: '/', httpOnly: true };
  const header = (setCookie: string) => setCookie.split(';')[0];

  afterEach(() => jest.restoreAllMocks());

  it('reads what React Router’s cookie wrote, and checks a header’s signature only the first time it is seen', async () => {
    const cookie = createSignedCookie('__test', options);
    const sent = header(await createCookie('__test', options).serialize('applicant-1'));
    const verify = jest.spyOn(crypto.subtle, 'verify');
    expect(await cookie.parse(sent)).toBe('applicant-1');
    expect(await cookie.parse(`_ga=GA1.1.42; ${sent}`)).toBe('applicant-1');
    const checks = verify.mock.calls.length;
    expect(checks).toBeGreaterThan(0);
    expect(await cookie.parse(sent)).toBe('applicant-1');
    expect(await cookie.parse(`_ga=GA1.1.42; ${sent}`)).toBe('applicant-1');
    expect(verify.mock.calls.length).toBe(checks);
  });

  it('refuses an altered value or signature, also after the genuine header was read', async () => {
    const cookie = createSignedCookie('__test', options);
    const sent = header(await cookie.serialize('applicant-1'));
    expect(await cookie.parse(sent)).toBe('applicant-1');
    const [name, value] = sent.split('=');
    const forged = header(await createCookie('__test', { ...options, secrets: ['other'] }).serialize('applicant-2'));
    expect(await cookie.parse(forged)).toBeNull();
    expect(await cookie.parse(`${name}=${value.slice(0, -2)}xx`)).toBeNull();
    expect(await cookie.parse(forged)).toBeNull();
  });

  it('hands out a copy of an object value, so one request changing it leaves the next one’s as sent', async () => {
    const cookie = createSignedCookie('__test', options);
    const sent = header(await cookie.serialize({ adminToken: 't', toast: { id: '1' } }));
    const first = (await cookie.parse(sent)) as { toast?: unknown };
    delete first.toast;
    expect(await cookie.parse(sent)).toEqual({ adminToken: 't', toast: { id: '1' } });
  });

  it('is a cookie React Router’s session storage takes, with the name, signing and options given', async () => {
    const cookie = createSignedCookie('__test', { ...options, maxAge: 60 });
    expect(cookie.name).toBe('__test');
    expect(cookie.isSigned).toBe(true);
    expect(await cookie.serialize('x')).toMatch(/^__test=.+; Max-Age=60; Path=\/; HttpOnly/);
  });
});
