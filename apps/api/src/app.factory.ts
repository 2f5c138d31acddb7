import fastifyCompress from '@fastify/compress';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import helmet from 'helmet';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { SanitizingLogger } from './common/log-sanitizer';
import { JSON_BODY_LIMIT_BYTES, refuseBadUrl, StrictFastifyAdapter, useStrictBodies } from './common/strict-body';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import type { Infrastructure } from './infrastructure';
import { UploadCompleteDto } from './uploads/dto/upload-complete.dto';
import { UploadsService } from './uploads/uploads.service';
import { APPLICANT_TOKEN_HEADER, APPLICANT_TOKEN_SCHEME } from './applicants/applicant-token.service';
import { constants as zlib } from 'node:zlib';
import { nullableModels } from './common/api-nullable.decorator';

/**
 * Answers from this size on go out compressed (brotli or gzip, as the caller accepts): the admin's enrollment list or
 * an export runs to hundreds of kilobytes of JSON, a tenth of that compressed. Smaller answers are sent as they are:
 * compressing a few packets costs more than it saves.
 */
export const COMPRESS_FROM_BYTES = 16_384;
import { API_KEY_SCHEME } from './common/api-route.decorator';
import { addWebhooksSection } from './webhooks/webhooks-openapi';

/** Builds the configured API (prefix, validation, errors, Swagger) without listening; main.ts and tests share it. */
export async function createApp(
  config: AppConfig,
  infrastructure: Pick<Infrastructure, 'databaseUrl' | 'storage'>,
  options: { logger?: false } = {},
): Promise<INestApplication> {
  const securityHeaders = helmet({
    // HSTS only where the API is served over https; development and the tests are plain http on loopback.
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Swagger UI at /api/docs loads its own script and styles from 'self'; nothing of the API is framed.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const adapter = new StrictFastifyAdapter({
    // X-Forwarded-For is believed only from a loopback peer (the web server on the same host): login limits key on it.
    trustProxy: 'loopback',
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // While closing, a request on an open connection is answered by the app as before, not by Fastify's own 503 body.
    return503OnClosing: false,
    // Routing as before (Express's defaults): case-insensitive, a trailing slash ignored, no length limit on an id.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 8_192 },
    // A path the router cannot decode answers in the one error shape (and with the security headers), not Fastify's.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      securityHeaders(request.raw, reply.raw, () => refuseBadUrl(error, request, reply)),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, infrastructure), adapter, {
    // useStrictBodies installs the only body parser (JSON, 100 KB, UTF-8) and keeps the raw bytes for the webhook.
    bodyParser: false,
    logger: options.logger === false ? false : new SanitizingLogger(),
  });
  app.use(securityHeaders);
  await (app as NestFastifyApplication).register(fastifyCompress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's default (quality 11) suits build-time compression; per answer, quality 4 is several times faster and
    // still smaller than gzip.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  useStrictBodies(app);
  app.setGlobalPrefix('api');
  const uploads = app.get(UploadsService);
  app.useGlobalPipes(
    createValidationPipe(
      new Map([
        // A refused registration still removes the uploaded object (when its URL is ours and unused).
        [UploadCompleteDto, (body: { uploadURL?: unknown }) => uploads.discardUnregistered(body.uploadURL)],
      ]),
    ),
  );
  app.useGlobalFilters(new AllExceptionsFilter());
  // Fastify sends no X-Powered-By and no ETag (the API's callers never send If-None-Match; issue 18).

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Training enrollment and credential evaluation API')
      .setDescription('Payment plans, checkout, admin enrollment management, credential uploads and analysis.')
      .setVersion('1.0')
      // Paths carry the /api prefix, so the server is the API's own origin.
      .addServer('/', 'This API')
      .addBearerAuth()
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: APPLICANT_TOKEN_HEADER,
          description:
            "The web server's signed applicant token (audience applicant): the visiting applicant's own records",
        },
        APPLICANT_TOKEN_SCHEME,
      )
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tk_<id>_<secret>',
          description:
            'An API key an admin created in the panel, as Authorization: Bearer <key>. Each operation lists the key scopes that reach it (enrollments:read, enrollments:manage, evaluations:staff, credentials:submit); a key needs one of them. Revoked or expired keys answer 401; each key has its own per-minute limit (429).',
        },
        API_KEY_SCHEME,
      )
      .build(),
    // Models referenced only by a nullable property (`ApiNullableProperty`) are not found by the explorer.
    { extraModels: nullableModels() },
  );
  SwaggerModule.setup('api/docs', app, await addWebhooksSection(document), { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
