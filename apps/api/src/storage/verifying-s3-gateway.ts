import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  AUTH_QUERY_PARAMS,
  S3Refusal,
  SigV4Verifier,
  verifyBody,
  type S3Credentials,
  type S3RequestParts,
} from './sigv4-verifier';

/** S3 takes up to 5 GB in one PUT; a local store buffers the body to check it, so it stops well before. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface VerifyingS3Gateway {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

interface RawQueryParam {
  raw: string;
  name: string;
  value: string;
}

function parseQuery(search: string): RawQueryParam[] {
  if (search === '') return [];
  return search
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const index = raw.indexOf('=');
      const name = index === -1 ? raw : raw.slice(0, index);
      const value = index === -1 ? '' : raw.slice(index + 1);
      // SigV4 encodes spaces as %20, so a '+' is a literal plus, not a space.
      return { raw, name: decodeURIComponent(name), value: decodeURIComponent(value) };
    });
}

/** The GET parameters that set a header of S3's answer, and the header each sets. */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-content-language': 'content-language',
  'response-content-encoding': 'content-encoding',
  'response-cache-control': 'cache-control',
  'response-expires': 'expires',
};

function responseOverrides(query: RawQueryParam[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of query) {
    const header = RESPONSE_OVERRIDES[name.toLowerCase()];
    if (header) headers[header] = value;
  }
  return headers;
}

function singleHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Answer now; the rest of the body is read and dropped so the client gets the answer, not a reset.
      request.off('data', collect);
      request.resume();
      reject(
        new S3Refusal(
          400,
          'EntityTooLarge',
          'Your proposed upload exceeds the maximum allowed size of this test store',
        ),
      );
    };
    request.on('data', collect);
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendError(request: IncomingMessage, response: ServerResponse, refusal: S3Refusal): void {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
    `<Message>${refusal.message.replace(/[<>&]/g, ' ')}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;
  const headers: Record<string, string> = { 'content-type': 'application/xml' };
  // The bucket's CORS rule allows any origin; without this a browser only sees a network error.
  if (request.headers.origin) headers['access-control-allow-origin'] = '*';
  if (!response.headersSent) response.writeHead(refusal.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * An HTTP front for an S3-compatible store that does not authenticate (s3rver): every request must carry a valid
 * SigV4 signature (presigned query or Authorization header) for one of `credentials` and pass S3's body checks, or
 * it gets S3's error answer; what passes is forwarded without its authentication. CORS preflights pass through,
 * as on S3 (they never carry credentials).
 */
export async function startVerifyingS3Gateway(options: {
  upstream: string;
  credentials: readonly S3Credentials[];
  port: number;
  host?: string;
  /** Told of each refusal (method, S3 error code and message), so a developer can see why a request failed. */
  onRefusal?: (method: string, refusal: S3Refusal) => void;
}): Promise<VerifyingS3Gateway> {
  const verifier = new SigV4Verifier(options.credentials);
  const upstream = new URL(options.upstream);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = request.url ?? '/';
    const queryIndex = target.indexOf('?');
    const path = queryIndex === -1 ? target : target.slice(0, queryIndex);
    let query: RawQueryParam[];
    try {
      query = parseQuery(queryIndex === -1 ? '' : target.slice(queryIndex + 1));
    } catch {
      throw new S3Refusal(400, 'InvalidArgument', 'The query string is not valid percent-encoding');
    }
    const headers = singleHeaders(request);
    let body: Buffer | null = null;
    if (request.method !== 'OPTIONS') {
      const parts: S3RequestParts = {
        method: request.method ?? 'GET',
        path,
        query: query.map(({ name, value }) => [name, value]),
        headers,
      };
      const authentication = await verifier.authenticate(parts);
      body = await readBody(request);
      verifyBody(parts, authentication, body);
    }
    // The store behind knows none of our keys: it gets requests without their authentication (a preflight too,
    // which carries the URL's query).
    delete headers['authorization'];
    query = query.filter(({ name }) => !AUTH_QUERY_PARAMS.has(name.toLowerCase()));
    // S3 honours response-* overrides only on signed GETs, and the store behind sees an anonymous one (and refuses
    // them), so the gateway applies them to the answer itself, as S3 does.
    const overrides = request.method === 'GET' ? responseOverrides(query) : {};
    query = query.filter(({ name }) => !RESPONSE_OVERRIDES[name.toLowerCase()]);
    headers['host'] = upstream.host;
    if (body) {
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
      delete headers['expect'];
    }
    const search = query.map(({ raw }) => raw).join('&');
    await new Promise<void>((resolve, reject) => {
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: search ? `${path}?${search}` : path,
          headers,
        },
        (answer) => {
          const ok = (answer.statusCode ?? 502) < 300;
          response.writeHead(answer.statusCode ?? 502, ok ? { ...answer.headers, ...overrides } : answer.headers);
          answer.pipe(response);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      forwarded.on('error', reject);
      if (body) forwarded.end(body);
      else request.pipe(forwarded);
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof S3Refusal) {
        options.onRefusal?.(request.method ?? '', error);
        // The client may still be sending a body S3 would never read; finish reading it so the answer arrives.
        request.resume();
        sendError(request, response, error);
        return;
      }
      sendError(
        request,
        response,
        new S3Refusal(500, 'InternalError', 'We encountered an internal error. Please try again.'),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
