import { judgeSignInLinkRequest } from './sign-in-limits';

describe('judgeSignInLinkRequest', () => {
  const limits = { perClient: 10, perAddress: 5 };

  it('allows up to each limit, this request included', () => {
    expect(judgeSignInLinkRequest(limits, { clientLinks: 1, addressLinks: 1 })).toBe('allowed');
    expect(judgeSignInLinkRequest(limits, { clientLinks: 10, addressLinks: 5 })).toBe('allowed');
  });

  it('refuses a client past its limit whatever address it names', () => {
    expect(judgeSignInLinkRequest(limits, { clientLinks: 11, addressLinks: null })).toBe('client-limited');
    expect(judgeSignInLinkRequest(limits, { clientLinks: 11, addressLinks: 1 })).toBe('client-limited');
  });

  it('refuses an address past its limit whoever asks', () => {
    expect(judgeSignInLinkRequest(limits, { clientLinks: 1, addressLinks: 6 })).toBe('address-limited');
  });
});
