import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import type { GmailSetupStatus } from '@app/contracts';
import type { Auth } from 'googleapis';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import {
  CONNECT_STEP,
  GmailCannotConnectError,
  GmailConsentLinkInvalidError,
  GmailNotConfiguredError,
  GoogleFailedError,
} from './gmail.errors';
import type { GmailAccount } from './gmail-account.entity';
import { GmailRepository } from './gmail.repository';
import { GoogleClients, isRevokedGrant } from './google-clients';
import { decryptToken, encryptToken } from './token-cipher';

const STATE_TTL_MS = 10 * 60 * 1000;
// Long enough that every page load does not call Google, short enough that a revoked grant shows soon.
const STATUS_TTL_MS = 60 * 1000;
const GOOGLE_TIMEOUT_MS = 10_000;

const KEY_STEP = 'Set GMAIL_TOKEN_ENCRYPTION_KEY to 64 hex characters (openssl rand -hex 32), then press Connect Gmail';

/** A connected account whose token Google accepts, ready to call the APIs with. */
export interface AuthorizedAccount {
  email: string;
  scopes: string[];
  auth: Auth.OAuth2Client;
}

interface TokenCheck {
  accountId: string;
  works: boolean;
  expiresAt: number;
}

/** The OAuth connection: consent, callback, the encrypted refresh token, its health, and disconnecting. */
@Injectable()
export class GmailConnectionService {
  private readonly logger = new Logger(GmailConnectionService.name);
  private tokenCheck: TokenCheck | null = null;

  constructor(
    private readonly repository: GmailRepository,
    private readonly tx: TransactionRunner,
    private readonly google: GoogleClients,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async status(): Promise<GmailSetupStatus> {
    const hasCredentials = this.google.hasCredentials;
    if (!hasCredentials) return { configured: false, hasCredentials, userEmail: null, nextStep: CONNECT_STEP };
    if (!this.config.google.tokenEncryptionKey)
      return { configured: false, hasCredentials, userEmail: null, nextStep: KEY_STEP };
    const account = await this.repository.findAccount();
    if (!account) return { configured: false, hasCredentials, userEmail: null, nextStep: 'Press Connect Gmail' };
    if (!(await this.tokenWorks(account))) {
      return {
        configured: false,
        hasCredentials,
        userEmail: null,
        nextStep: `Press Connect Gmail again: Google no longer accepts the access granted by ${account.email}`,
      };
    }
    return { configured: true, hasCredentials, userEmail: account.email, nextStep: null };
  }

  /** The consent page URL and the one-time state it carries (also set as a cookie by the controller). */
  async startConsent(): Promise<{ url: string; state: string }> {
    this.requireConnectable();
    const state = randomBytes(32).toString('hex');
    await this.repository.saveState(state, new Date(Date.now() + STATE_TTL_MS));
    const url = this.google.oauthClient().generateAuthUrl({
      access_type: 'offline',
      // Always ask, so Google always returns a refresh token (it does so only on a consent).
      prompt: 'consent',
      include_granted_scopes: true,
      scope: this.google.scopes,
      state,
    });
    return { url, state };
  }

  /** Exchanges the code, stores the refresh token encrypted, and returns the account's address. */
  async completeConsent(input: { code: string; state: string; cookieState: string | null }): Promise<string> {
    const key = this.requireConnectable();
    // The state must be one this server issued, unused and fresh, and started in this same browser (the cookie).
    const sameBrowser = input.cookieState !== null && safeEqual(input.cookieState, input.state);
    if (!(await this.repository.consumeState(input.state)) || !sameBrowser) {
      throw new GmailConsentLinkInvalidError();
    }
    const client = this.google.oauthClient();
    let refreshToken: string | null | undefined;
    let grantedScopes: string;
    try {
      const { tokens } = await client.getToken(input.code);
      refreshToken = tokens.refresh_token;
      grantedScopes = tokens.scope ?? this.google.scopes.join(' ');
      client.setCredentials(tokens);
    } catch (error) {
      this.logger.warn(`Google refused the authorization code: ${describe(error)}`);
      throw new GoogleFailedError('code-refused');
    }
    if (!refreshToken) throw new GoogleFailedError('no-refresh-token');
    const profile = await this.google.userinfo(client).userinfo.get({}, { timeout: GOOGLE_TIMEOUT_MS });
    const email = profile.data.email;
    if (!email) throw new GoogleFailedError('no-email');

    await this.tx.run((em) =>
      this.repository.replaceAccount(em, {
        email,
        encryptedRefreshToken: encryptToken(refreshToken, key),
        scopes: grantedScopes,
      }),
    );
    this.tokenCheck = null;
    this.logger.log('Gmail connected');
    return email;
  }

  /** Revokes the grant at Google when possible (best effort) and forgets the account. */
  async disconnect(): Promise<void> {
    const account = await this.repository.findAccount();
    if (account && this.config.google.tokenEncryptionKey && this.google.hasCredentials) {
      try {
        const refreshToken = decryptToken(account.encryptedRefreshToken, this.config.google.tokenEncryptionKey);
        await this.google.oauthClient().revokeToken(refreshToken);
      } catch (error) {
        this.logger.warn(`Could not revoke the Gmail grant (forgetting it anyway): ${describe(error)}`);
      }
    }
    await this.repository.deleteAccounts();
    this.tokenCheck = null;
  }

  /** The connected account, or a 409 'Gmail is not configured' before anything is sent. */
  async requireAccount(): Promise<AuthorizedAccount> {
    const status = await this.status();
    const account = status.configured ? await this.repository.findAccount() : null;
    const key = this.config.google.tokenEncryptionKey;
    if (!account || !key) throw new GmailNotConfiguredError(status.nextStep ?? undefined);
    return {
      email: account.email,
      scopes: account.scopes.split(/\s+/).filter(Boolean),
      auth: this.google.oauthClient(decryptToken(account.encryptedRefreshToken, key)),
    };
  }

  /** Called when a Google call failed: a revoked grant makes the account count as not configured from now on. */
  handleGoogleError(error: unknown): never {
    if (isRevokedGrant(error)) {
      if (this.tokenCheck)
        this.tokenCheck = { ...this.tokenCheck, works: false, expiresAt: Date.now() + STATUS_TTL_MS };
      throw new GmailNotConfiguredError('Google no longer accepts the stored access; press Connect Gmail again');
    }
    this.logger.warn(`Google API call failed: ${describe(error)}`);
    throw new GoogleFailedError('request-failed');
  }

  /** The token encryption key; 409 with what to set when Gmail cannot be connected yet. */
  requireConnectable(): string {
    if (!this.google.hasCredentials) throw new GmailCannotConnectError('client');
    const key = this.config.google.tokenEncryptionKey;
    if (!key) throw new GmailCannotConnectError('encryption-key');
    return key;
  }

  /** Asks Gmail for the account's profile, which refreshes the access token: the real proof the grant works. */
  private async tokenWorks(account: GmailAccount): Promise<boolean> {
    if (this.tokenCheck?.accountId === account.id && this.tokenCheck.expiresAt > Date.now())
      return this.tokenCheck.works;
    let works = false;
    try {
      const key = this.config.google.tokenEncryptionKey ?? '';
      const auth = this.google.oauthClient(decryptToken(account.encryptedRefreshToken, key));
      const profile = await this.google.gmail(auth).users.getProfile({ userId: 'me' }, { timeout: GOOGLE_TIMEOUT_MS });
      works = Boolean(profile.data.emailAddress);
    } catch (error) {
      this.logger.warn(`The stored Gmail access does not work: ${describe(error)}`);
    }
    this.tokenCheck = { accountId: account.id, works, expiresAt: Date.now() + STATUS_TTL_MS };
    return works;
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function describe(error: unknown): string {
  const candidate = error as { message?: string; response?: { status?: number; data?: unknown } };
  const data = candidate.response?.data;
  return `${candidate.response?.status ?? ''} ${candidate.message ?? String(error)} ${data ? JSON.stringify(data) : ''}`.trim();
}
