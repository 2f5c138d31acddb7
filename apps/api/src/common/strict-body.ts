import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse as parseContentType } from 'content-type';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { bodyShapeProblem, isStorableText } from './body-shape';
import type { AppError } from './errors/app-error';
import { BodyTooLargeError, InvalidBodyError, UnsupportedBodyError } from './errors/request.errors';

/** JSON bodies larger than this answer 413; the largest real body (a checkout with a bundle) is under 2 KB. */
export const JSON_BODY_LIMIT = '100kb';
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** The request as the Stripe webhook reads it: the exact bytes the signature covers. */
export type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

function refuse(reply: FastifyReply, refusal: AppError): void {
  void reply.code(refusal.status).send(refusal.toResponse());
}

const MALFORMED = () => new InvalidBodyError('The body is not valid JSON');

/**
 * Fastify's own errors about the request (FST_ERR_*: body too large, length mismatch, bad URL, …) in the app's
 * shape; null for anything else.
 */
export function fastifyRequestRefusal(error: unknown): AppError | null {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new BodyTooLargeError(JSON_BODY_LIMIT);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new UnsupportedBodyError();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new InvalidBodyError('The body could not be read');
    case 'FST_ERR_BAD_URL':
      return new InvalidBodyError('The address is not valid percent-encoding');
    default:
      // Any other Fastify error reaches the filter as Nest maps it: an HttpException with Fastify's status.
      return null;
  }
}

/** Fastify's frameworkErrors option: a path the router cannot decode answers like every other refusal. */
export function refuseBadUrl(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  refuse(reply, fastifyRequestRefusal(error) ?? new InvalidBodyError('The request could not be read'));
}

/**
 * Nest turns Fastify's own errors into a bare HttpException (message and status, no code) before any filter sees
 * them; this adapter hands the error handler the app's refusal instead, so AllExceptionsFilter answers it in the one
 * shape (413 PAYLOAD_TOO_LARGE for a body over the limit, …).
 */
export class StrictFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(handler: Parameters<FastifyAdapter['setErrorHandler']>[0]) {
    return super.setErrorHandler(function (this: unknown, error, request, reply) {
      return handler.call(this as never, fastifyRequestRefusal(error) ?? error, request, reply);
    });
  }
}

function hasBody(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Only UTF-8 JSON, unencoded: anything else is 415 before a byte of it is read. */
function jsonProblem(request: FastifyRequest): AppError | null {
  if (!hasBody(request)) return null;
  const encoding = String(request.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding !== 'identity') {
    return new UnsupportedBodyError(`Content-Encoding "${encoding}" is not accepted; send the body unencoded`);
  }
  let type: ReturnType<typeof parseContentType>;
  try {
    type = parseContentType(request.raw);
  } catch {
    return new UnsupportedBodyError();
  }
  if (type.type !== 'application/json') return new UnsupportedBodyError();
  const charset = type.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return new UnsupportedBodyError('JSON bodies must be UTF-8');
  }
  return null;
}

/** As body-parser's strict JSON: an object or an array, an empty body is {}, a leading BOM is dropped. */
function parseJson(body: Buffer): unknown {
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return {};
  const first = /^[ \t\n\r]*([^ \t\n\r])/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw MALFORMED();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw MALFORMED();
  }
}

function pathProblem(url: string): string | null {
  const queryStart = url.indexOf('?');
  let path: string;
  try {
    path = decodeURIComponent(queryStart === -1 ? url : url.slice(0, queryStart));
  } catch {
    return 'The address is not valid percent-encoding';
  }
  return isStorableText(path) ? null : 'The address must not contain NUL characters or unpaired surrogates';
}

/**
 * The only body parser (create the app with bodyParser: false): JSON only, 100 KB (the adapter's bodyLimit), UTF-8,
 * no content-encoding, with the raw bytes kept on request.rawBody for the Stripe webhook's signature check. Depth,
 * NUL, surrogates and prototype keys in the body, the query and the path are refused before any pipe sees them.
 */
export function useStrictBodies(app: INestApplication): void {
  const fastify = (app as NestFastifyApplication).getHttpAdapter().getInstance() as FastifyInstance;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT_BYTES },
    (request: RawBodyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      request.rawBody = body;
      try {
        done(null, parseJson(body));
      } catch (error) {
        done(error as Error);
      }
    },
  );
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const refusal = jsonProblem(request);
    if (refusal) return refuse(reply, refusal);
    done();
  });
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const problem = pathProblem(request.url) ?? bodyShapeProblem(request.query) ?? bodyShapeProblem(request.body);
    if (problem) return refuse(reply, new InvalidBodyError(problem));
    done();
  });
}
