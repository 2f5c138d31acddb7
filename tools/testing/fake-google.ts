import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A draft as Gmail received it, with the raw RFC 2822 message decoded. */
export interface ReceivedDraft {
  id: string;
  message: string;
  headers: Record<string, string>;
  subject: string;
  body: string;
}

export interface ReceivedAppend {
  spreadsheetId: string;
  range: string;
  valueInputOption: string | null;
  values: string[][];
}

export interface FakeGoogle {
  /** The googleapis rootUrl (GOOGLE_API_ROOT_URL). */
  rootUrl: string;
  /** The consent page (GOOGLE_OAUTH_AUTH_URL); it approves at once and redirects back with a code. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  accountEmail: string;
  drafts: ReceivedDraft[];
  appends: ReceivedAppend[];
  /** Refresh tokens Google has issued, in order. */
  issuedRefreshTokens: string[];
  /** Tokens the app revoked through /revoke. */
  revokedByApp: string[];
  /** Like a user removing the app's access: every refresh token now answers invalid_grant. */
  revokeAllGrants(): void;
  close(): Promise<void>;
}

function decodeHeaderValue(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_m, encoded: string) =>
    Buffer.from(encoded, 'base64').toString('utf8'),
  );
}

/** Parses the RFC 2822 message the API built: headers, then a base64 text body. */
export function decodeRawMessage(raw: string): Omit<ReceivedDraft, 'id'> {
  const message = Buffer.from(raw, 'base64url').toString('utf8');
  const split = message.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of message.slice(0, split).split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = decodeHeaderValue(line.slice(colon + 1).trim());
  }
  const encodedBody = message.slice(split + 4).replace(/\r\n/g, '');
  const body =
    headers['content-transfer-encoding'] === 'base64'
      ? Buffer.from(encodedBody, 'base64').toString('utf8')
      : encodedBody;
  return { message, headers, subject: headers.subject ?? '', body };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const UNAUTHENTICATED = {
  error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
};

/**
 * A small Google on loopback for the real googleapis SDK: the consent page, the OAuth token and revoke endpoints,
 * userinfo, Gmail's profile and drafts.create, and Sheets values.append.
 */
export async function startFakeGoogle(options: { accountEmail?: string } = {}): Promise<FakeGoogle> {
  const clientId = 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = 'fake-client-secret';
  const accountEmail = options.accountEmail ?? 'admissions@example.com';
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const refreshTokens = new Map<string, { scope: string; valid: boolean }>();
  const accessTokens = new Set<string>();
  const state = {
    drafts: [] as ReceivedDraft[],
    appends: [] as ReceivedAppend[],
    issuedRefreshTokens: [] as string[],
    revokedByApp: [] as string[],
  };
  const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

  const authorized = (request: IncomingMessage): boolean => {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && accessTokens.has(header.slice('Bearer '.length));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.google');
      const path = url.pathname;

      if (request.method === 'GET' && path === '/o/oauth2/v2/auth') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId) return send(response, 400, { error: 'invalid_client' });
        const code = token('code');
        codes.set(code, { redirectUri, scope: url.searchParams.get('scope') ?? '' });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
        response.writeHead(302, { location: back.href });
        return response.end();
      }

      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(await readBody(request));
        const basic = request.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString('utf8').split(':')
          : [];
        const id = form.get('client_id') ?? basic[0];
        const secret = form.get('client_secret') ?? basic[1];
        if (id !== clientId || secret !== clientSecret) return send(response, 401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
            return send(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
          }
          const refresh = token('1//refresh');
          const access = token('ya29');
          refreshTokens.set(refresh, { scope: grant.scope, valid: true });
          state.issuedRefreshTokens.push(refresh);
          accessTokens.add(access);
          return send(response, 200, {
            access_token: access,
            refresh_token: refresh,
            expires_in: 3599,
            scope: grant.scope,
            token_type: 'Bearer',
          });
        }
        if (form.get('grant_type') === 'refresh_token') {
          const grant = refreshTokens.get(form.get('refresh_token') ?? '');
          if (!grant?.valid)
            return send(response, 400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          const access = token('ya29');
          accessTokens.add(access);
          return send(response, 200, {
            access_token: access,
            expires_in: 3599,
            scope: grant.scope,
            token_type: 'Bearer',
          });
        }
        return send(response, 400, { error: 'unsupported_grant_type' });
      }

      if (request.method === 'POST' && path === '/revoke') {
        const revoked =
          url.searchParams.get('token') ?? new URLSearchParams(await readBody(request)).get('token') ?? '';
        state.revokedByApp.push(revoked);
        const grant = refreshTokens.get(revoked);
        if (grant) grant.valid = false;
        return send(response, 200, {});
      }

      if (!authorized(request)) return send(response, 401, UNAUTHENTICATED);

      if (request.method === 'GET' && path === '/oauth2/v2/userinfo') {
        return send(response, 200, { id: '1234567890', email: accountEmail, verified_email: true });
      }
      if (request.method === 'GET' && path === '/gmail/v1/users/me/profile') {
        return send(response, 200, { emailAddress: accountEmail, messagesTotal: 0, threadsTotal: 0, historyId: '1' });
      }
      if (request.method === 'POST' && path === '/gmail/v1/users/me/drafts') {
        const payload = JSON.parse(await readBody(request)) as { message?: { raw?: string } };
        if (!payload.message?.raw) return send(response, 400, { error: { code: 400, message: 'Missing raw message' } });
        const id = token('r');
        state.drafts.push({ id, ...decodeRawMessage(payload.message.raw) });
        return send(response, 200, { id, message: { id: token('m'), threadId: token('t'), labelIds: ['DRAFT'] } });
      }
      const append = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+):append$/.exec(path);
      if (request.method === 'POST' && append) {
        const payload = JSON.parse(await readBody(request)) as { values?: string[][] };
        const values = payload.values ?? [];
        state.appends.push({
          spreadsheetId: decodeURIComponent(append[1]),
          range: decodeURIComponent(append[2]),
          valueInputOption: url.searchParams.get('valueInputOption'),
          values,
        });
        return send(response, 200, {
          spreadsheetId: decodeURIComponent(append[1]),
          updates: { updatedRange: `Sheet1!A2:E${values.length + 1}`, updatedRows: values.length, updatedColumns: 5 },
        });
      }
      send(response, 404, { error: { code: 404, message: `No fake for ${request.method} ${path}` } });
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rootUrl = `http://127.0.0.1:${port}/`;
  return {
    rootUrl,
    authUrl: `${rootUrl}o/oauth2/v2/auth`,
    clientId,
    clientSecret,
    accountEmail,
    ...state,
    revokeAllGrants() {
      for (const grant of refreshTokens.values()) grant.valid = false;
      accessTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
