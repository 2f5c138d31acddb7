import type { ErrorCode, ErrorResponse } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import { json } from 'body-parser';
import { parse as parseContentType } from 'content-type';
import type { NextFunction, Request, Response } from 'express';
import { bodyShapeProblem, isStorableText } from './body-shape';

/** JSON bodies larger than this answer 413; the largest real body (a checkout with a bundle) is under 2 KB. */
export const JSON_BODY_LIMIT = '100kb';

function refuse(response: Response, statusCode: number, code: ErrorCode, message: string): void {
  const body: ErrorResponse = { statusCode, message, code };
  response.status(statusCode).json(body);
}

function hasBody(request: Request): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** Only UTF-8 JSON, unencoded: anything else is 415 before a byte of it is read. */
function requireJson(request: Request, response: Response, next: NextFunction): void {
  if (!hasBody(request)) return next();
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    return refuse(
      response,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding "${encoding}" is not accepted; send the body unencoded`,
    );
  }
  let type: ReturnType<typeof parseContentType>;
  try {
    type = parseContentType(request);
  } catch {
    return refuse(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  if (type.type !== 'application/json') {
    return refuse(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  const charset = type.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return refuse(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'JSON bodies must be UTF-8');
  }
  next();
}

/** body-parser's own errors (too large, malformed, aborted) in the one error shape instead of Express's HTML page. */
function bodyParserErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  const failure = error as { status?: number; type?: string };
  if (typeof failure?.status !== 'number' || typeof failure.type !== 'string') return next(error);
  switch (failure.type) {
    case 'entity.too.large':
      return refuse(response, 413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${JSON_BODY_LIMIT}`);
    case 'entity.parse.failed':
      return refuse(response, 400, 'INVALID_BODY', 'The body is not valid JSON');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return refuse(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'JSON bodies must be UTF-8 and unencoded');
    default:
      if (failure.status >= 400 && failure.status < 500)
        return refuse(response, failure.status, 'INVALID_BODY', 'The body could not be read');
      return next(error);
  }
}

function pathProblem(request: Request): string | null {
  let path: string;
  try {
    path = decodeURIComponent(request.path);
  } catch {
    return 'The address is not valid percent-encoding';
  }
  return isStorableText(path) ? null : 'The address must not contain NUL characters or unpaired surrogates';
}

/** Depth, NUL, surrogates and prototype keys, in the body, the query and the path, before any pipe or query sees them. */
function requireStorableInput(request: Request, response: Response, next: NextFunction): void {
  const problem = pathProblem(request) ?? bodyShapeProblem(request.query) ?? bodyShapeProblem(request.body);
  if (problem) return refuse(response, 400, 'INVALID_BODY', problem);
  next();
}

/**
 * Replaces Nest's default parsers (create the app with bodyParser: false): JSON only, 100 KB, UTF-8, no
 * content-encoding, with the raw bytes kept on request.rawBody for the Stripe webhook's signature check.
 */
export function useStrictBodies(app: INestApplication): void {
  app.use(requireJson);
  app.use(
    json({
      limit: JSON_BODY_LIMIT,
      inflate: false,
      strict: true,
      verify: (request, _response, buffer) => {
        (request as Request & { rawBody?: Buffer }).rawBody = buffer;
      },
    }),
  );
  app.use(bodyParserErrors);
  app.use(requireStorableInput);
}
