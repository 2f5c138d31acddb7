import { Injectable } from '@nestjs/common';
import type { Auth, gmail_v1, oauth2_v2, sheets_v4 } from 'googleapis';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

/**
 * googleapis is loaded on first use, not at start: it alone adds about 115 MB to the API's resident memory, and most
 * installs never connect Gmail (issue 18's idle memory target). require() caches it after the first call.
 */
function google(): typeof import('googleapis').google {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('googleapis') as typeof import('googleapis')).google;
}

export const GMAIL_COMPOSE_SCOPE = 'https://www.googleapis.com/auth/gmail.compose';
export const USERINFO_EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';
export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/**
 * Builds the googleapis clients. With GOOGLE_API_ROOT_URL set, every Google endpoint (OAuth token and revoke,
 * userinfo, Gmail, Sheets) is reached at that root instead, and GOOGLE_OAUTH_AUTH_URL replaces the consent page,
 * so tests (or a proxy) need no code change.
 */
@Injectable()
export class GoogleClients {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  get hasCredentials(): boolean {
    return Boolean(this.config.google.clientId && this.config.google.clientSecret);
  }

  /** The scopes to ask for: Sheets only when a lead spreadsheet is configured. */
  get scopes(): string[] {
    return [
      GMAIL_COMPOSE_SCOPE,
      USERINFO_EMAIL_SCOPE,
      ...(this.config.google.sheetsSpreadsheetId ? [SHEETS_SCOPE] : []),
    ];
  }

  oauthClient(refreshToken?: string): Auth.OAuth2Client {
    const { clientId, clientSecret, redirectUrl, rootUrl, authUrl } = this.config.google;
    const endpoints: Partial<Auth.OAuth2Client['endpoints']> = {
      ...(rootUrl
        ? {
            oauth2TokenUrl: new URL('/token', rootUrl).href,
            oauth2RevokeUrl: new URL('/revoke', rootUrl).href,
            tokenInfoUrl: new URL('/tokeninfo', rootUrl).href,
          }
        : {}),
      ...(authUrl ? { oauth2AuthBaseUrl: authUrl } : {}),
    };
    const client = new (google().auth.OAuth2)({
      clientId: clientId ?? undefined,
      clientSecret: clientSecret ?? undefined,
      redirectUri: redirectUrl,
      endpoints,
      // Node's own fetch: gaxios would otherwise load node-fetch through a dynamic import at the first request,
      // which some runtimes (Jest's VM, bundlers) cannot do.
      transporterOptions: { fetchImplementation: fetch },
    });
    if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
    return client;
  }

  private get rootUrlOption(): { rootUrl?: string } {
    return this.config.google.rootUrl ? { rootUrl: this.config.google.rootUrl } : {};
  }

  gmail(auth: Auth.OAuth2Client): gmail_v1.Gmail {
    return google().gmail({ version: 'v1', auth, ...this.rootUrlOption });
  }

  userinfo(auth: Auth.OAuth2Client): oauth2_v2.Oauth2 {
    return google().oauth2({ version: 'v2', auth, ...this.rootUrlOption });
  }

  sheets(auth: Auth.OAuth2Client): sheets_v4.Sheets {
    return google().sheets({ version: 'v4', auth, ...this.rootUrlOption });
  }
}

/** True when Google says the grant is gone (revoked, expired, or the client changed): the account must reconnect. */
export function isRevokedGrant(error: unknown): boolean {
  const candidate = error as {
    status?: number;
    response?: { status?: number; data?: { error?: unknown } };
    message?: string;
  };
  const code = candidate.response?.data?.error;
  return (
    code === 'invalid_grant' ||
    code === 'unauthorized_client' ||
    candidate.message === 'invalid_grant' ||
    candidate.response?.status === 401 ||
    candidate.status === 401
  );
}
