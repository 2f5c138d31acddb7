/** How long a sign-in link works, and the window its mail limits count in. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The limits on sign-in mails, each per SIGN_IN_LINK_MINUTES. */
export interface SignInLinkLimits {
  /** Links one client (the address the browser connected from) may ask for, whatever the addresses. */
  perClient: number;
  /** Links one email address may be sent, whoever asks. */
  perAddress: number;
}

/** The counters of the current window, this request included (each is counted before the mail is made). */
export interface SignInLinkCounts {
  clientLinks: number;
  /** null when the address was not counted because the client was already refused. */
  addressLinks: number | null;
}

export type SignInLinkVerdict = 'allowed' | 'client-limited' | 'address-limited';

/**
 * Whether one more sign-in mail may go. The client is judged first, so a client over its limit spends nothing of the
 * addresses it names; an address over its limit is refused whoever asks (a victim's inbox is not flooded).
 */
export function judgeSignInLinkRequest(limits: SignInLinkLimits, counts: SignInLinkCounts): SignInLinkVerdict {
  if (counts.clientLinks > limits.perClient) return 'client-limited';
  if (counts.addressLinks !== null && counts.addressLinks > limits.perAddress) return 'address-limited';
  return 'allowed';
}
