import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * What Amazon S3 checks on a request before it touches an object, recomputed with the AWS SDK's own SigV4 signer
 * (@smithy/signature-v4, the code that signs the URLs): the query signature and expiry of a presigned URL, the
 * Authorization header of an SDK request, the signed headers, and every checksum a request carries.
 * s3rver, the local store the tests and `npm start` use, checks none of this, so this runs in front of it.
 */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A request as it arrived: the path still percent-encoded (S3 signs it that way), query values decoded. */
export interface S3RequestParts {
  method: string;
  path: string;
  query: Array<[name: string, value: string]>;
  /** Lower-case names. */
  headers: Record<string, string>;
}

export class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Authentication =
  { kind: 'presigned'; accessKeyId: string } | { kind: 'header'; accessKeyId: string; payloadHash: string };

/** The query parameters that carry a presigned URL's authentication; never passed on to the store behind. */
export const AUTH_QUERY_PARAMS = new Set([
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-expires',
  'x-amz-signedheaders',
  'x-amz-signature',
  'x-amz-security-token',
  'x-amz-content-sha256',
]);

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_PRESIGNED_SECONDS = 604_800;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** node:crypto behind the hash interface the SDK signer expects. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

function accessDenied(message: string): S3Refusal {
  return new S3Refusal(403, 'AccessDenied', message);
}

function signatureMismatch(): S3Refusal {
  return new S3Refusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );
}

/** yyyyMMdd'T'HHmmss'Z' as S3 writes it. */
function parseAmzDate(value: string | undefined): Date | null {
  const match = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) ? null : date;
}

interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

function parseCredential(value: string, malformed: () => S3Refusal): Scope {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || parts.some((part) => part === '')) throw malformed();
  const [accessKeyId, date, region, service] = parts;
  if (service !== 's3') throw malformed();
  return { accessKeyId, date, region, service };
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class SigV4Verifier {
  constructor(private readonly credentials: readonly S3Credentials[]) {}

  /**
   * Who signed the request, or an S3Refusal with the status and code S3 answers. A request with no
   * authentication at all is refused: the bucket is private.
   */
  async authenticate(request: S3RequestParts, now = new Date()): Promise<Authentication> {
    const authorization = request.headers['authorization'];
    const presigned = request.query.some(([name]) => name === 'X-Amz-Algorithm');
    if (authorization !== undefined && presigned) {
      throw new S3Refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed');
    }
    if (presigned) return this.verifyPresigned(request, now);
    if (authorization !== undefined) return this.verifyHeader(request, authorization, now);
    throw accessDenied('Access Denied');
  }

  private secretFor(accessKeyId: string): string {
    const match = this.credentials.find((credential) => credential.accessKeyId === accessKeyId);
    if (!match) {
      throw new S3Refusal(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    return match.secretAccessKey;
  }

  private async verifyPresigned(request: S3RequestParts, now: Date): Promise<Authentication> {
    const param = (name: string) => request.query.find(([key]) => key === name)?.[1];
    const malformed = () =>
      new S3Refusal(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, ' +
          'X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    const [algorithm, credential, amzDate, expiresText, signedHeadersText, signature] = [
      'X-Amz-Algorithm',
      'X-Amz-Credential',
      'X-Amz-Date',
      'X-Amz-Expires',
      'X-Amz-SignedHeaders',
      'X-Amz-Signature',
    ].map(param);
    if (algorithm !== ALGORITHM) {
      throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    }
    if (!credential || !amzDate || !expiresText || !signedHeadersText || !signature) throw malformed();
    const scope = parseCredential(credential, malformed);
    const signingDate = parseAmzDate(amzDate);
    if (!signingDate || scope.date !== amzDate.slice(0, 8)) throw malformed();
    const expiresIn = /^\d+$/.test(expiresText) ? Number(expiresText) : NaN;
    if (!(expiresIn >= 1 && expiresIn <= MAX_PRESIGNED_SECONDS)) {
      throw new S3Refusal(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be between 1 and 604800 seconds',
      );
    }
    const secretAccessKey = this.secretFor(scope.accessKeyId);
    if (now.getTime() > signingDate.getTime() + expiresIn * 1000) throw accessDenied('Request has expired');
    if (signingDate.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) throw accessDenied('Request is not valid yet');

    const signedHeaders = signedHeadersText.split(';');
    if (!signedHeaders.includes('host')) throw signatureMismatch();
    // S3 refuses x-amz-* headers a presigned URL did not sign: they could change what the URL does.
    for (const name of Object.keys(request.headers)) {
      if (name.startsWith('x-amz-') && !signedHeaders.includes(name)) {
        throw accessDenied('There were headers present in the request which were not signed');
      }
    }
    const headers = this.signedHeaderValues(request, signedHeaders);
    // The hashed payload of a presigned request is its X-Amz-Content-Sha256 parameter, UNSIGNED-PAYLOAD when absent;
    // the signer reads it from a header, and moves it back into the query under the same name.
    const query: Record<string, string | string[]> = {};
    let payloadHashName = 'X-Amz-Content-Sha256';
    let payloadHash = 'UNSIGNED-PAYLOAD';
    for (const [name, value] of request.query) {
      if (name === 'X-Amz-Signature') continue;
      if (name.toLowerCase() === 'x-amz-content-sha256') {
        payloadHashName = name;
        payloadHash = value;
        continue;
      }
      const existing = query[name];
      query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    const recomputed = await this.signer(scope, secretAccessKey).presign(
      {
        method: request.method,
        protocol: 'http:',
        hostname: 'verifier',
        path: request.path,
        query,
        headers: { ...headers, [payloadHashName]: payloadHash },
      },
      {
        signingDate,
        expiresIn,
        signableHeaders: new Set(signedHeaders),
        unhoistableHeaders: new Set(signedHeaders.filter((name) => name.startsWith('x-amz-'))),
        signingRegion: scope.region,
        signingService: scope.service,
      },
    );
    const expectedSignature = String(recomputed.query?.['X-Amz-Signature'] ?? '');
    if (
      recomputed.query?.['X-Amz-SignedHeaders'] !== signedHeadersText ||
      !sameSignature(expectedSignature, signature)
    ) {
      throw signatureMismatch();
    }
    return { kind: 'presigned', accessKeyId: scope.accessKeyId };
  }

  private async verifyHeader(request: S3RequestParts, authorization: string, now: Date): Promise<Authentication> {
    const malformed = () =>
      new S3Refusal(
        400,
        'AuthorizationHeaderMalformed',
        'The authorization header is malformed; it requires Credential, SignedHeaders and Signature.',
      );
    const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization.trim(),
    );
    if (!authorization.startsWith(`${ALGORITHM} `)) {
      throw new S3Refusal(
        400,
        'InvalidRequest',
        'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
      );
    }
    if (!match) throw malformed();
    const [, credential, signedHeadersText, signature] = match;
    const scope = parseCredential(credential, malformed);
    const signingDate = parseAmzDate(request.headers['x-amz-date']);
    if (!signingDate) throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
    if (scope.date !== request.headers['x-amz-date'].slice(0, 8)) throw malformed();
    const secretAccessKey = this.secretFor(scope.accessKeyId);
    if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_CLOCK_SKEW_MS) {
      throw new S3Refusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (payloadHash === undefined) {
      throw new S3Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    }
    const signedHeaders = signedHeadersText.split(';');
    if (!signedHeaders.includes('host')) throw signatureMismatch();
    const headers = this.signedHeaderValues(request, signedHeaders);
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of request.query) {
      const existing = query[name];
      query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    const recomputed = await this.signer(scope, secretAccessKey).sign(
      {
        method: request.method,
        protocol: 'http:',
        hostname: 'verifier',
        path: request.path,
        query,
        headers: { ...headers, 'x-amz-content-sha256': payloadHash },
      },
      {
        signingDate,
        signableHeaders: new Set(signedHeaders),
        signingRegion: scope.region,
        signingService: scope.service,
      },
    );
    const expected = /SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      String(recomputed.headers['authorization'] ?? ''),
    );
    if (!expected || expected[1] !== signedHeadersText || !sameSignature(expected[2], signature))
      throw signatureMismatch();
    return { kind: 'header', accessKeyId: scope.accessKeyId, payloadHash };
  }

  /** The values of the headers the client says it signed; a missing one cannot match its signature. */
  private signedHeaderValues(request: S3RequestParts, signedHeaders: string[]): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      const value = request.headers[name];
      if (value === undefined) throw signatureMismatch();
      headers[name] = value;
    }
    return headers;
  }

  private signer(scope: Scope, secretAccessKey: string): SignatureV4 {
    return new SignatureV4({
      service: scope.service,
      region: scope.region,
      credentials: { accessKeyId: scope.accessKeyId, secretAccessKey },
      sha256: NodeSha256,
      // As the S3 client signs: the path is signed as sent, already percent-encoded once.
      uriEscapePath: false,
      applyChecksum: false,
    });
  }
}

const CHECKSUMS: Record<string, ((body: Buffer) => string) | null> = {
  crc32: (body) => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(crc32(body) >>> 0);
    return value.toString('base64');
  },
  sha1: (body) => createHash('sha1').update(body).digest('base64'),
  sha256: (body) => createHash('sha256').update(body).digest('base64'),
  // Valid S3 algorithms this test store cannot compute: refused rather than accepted unchecked.
  crc32c: null,
  crc64nvme: null,
};

/**
 * The body checks S3 makes once the request is authenticated: the signed payload hash of an SDK request,
 * Content-MD5, and any x-amz-checksum-* value (a presigned URL carries it in the query, the SDK in a header).
 */
export function verifyBody(request: S3RequestParts, authentication: Authentication, body: Buffer): void {
  if (authentication.kind === 'header') {
    const declared = authentication.payloadHash;
    if (declared.startsWith('STREAMING-')) {
      throw new S3Refusal(501, 'NotImplemented', 'aws-chunked uploads are not supported by this test store');
    }
    if (declared !== 'UNSIGNED-PAYLOAD') {
      const actual = createHash('sha256').update(body).digest('hex');
      if (!/^[0-9a-f]{64}$/.test(declared) || declared !== actual) {
        throw new S3Refusal(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
    }
  }
  const contentMd5 = request.headers['content-md5'];
  if (contentMd5 !== undefined && contentMd5 !== createHash('md5').update(body).digest('base64')) {
    throw new S3Refusal(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const declaredChecksums = [
    ...request.query.map(([name, value]) => [name.toLowerCase(), value] as const),
    ...Object.entries(request.headers),
  ].filter(
    ([name]) => name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-type' && name !== 'x-amz-checksum-mode',
  );
  for (const [name, value] of declaredChecksums) {
    const algorithm = name.slice('x-amz-checksum-'.length);
    if (!(algorithm in CHECKSUMS)) {
      throw new S3Refusal(400, 'InvalidRequest', `Unknown checksum algorithm ${algorithm}`);
    }
    const compute = CHECKSUMS[algorithm];
    if (!compute) throw new S3Refusal(501, 'NotImplemented', `This test store cannot verify ${algorithm} checksums`);
    if (compute(body) !== value) {
      throw new S3Refusal(
        400,
        'BadDigest',
        `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
      );
    }
  }
}
