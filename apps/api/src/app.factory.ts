import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import helmet from 'helmet';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { SanitizingLogger } from './common/log-sanitizer';
import { useStrictBodies } from './common/strict-body';
import { createValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './config/app-config';
import type { Infrastructure } from './infrastructure';
import { UploadCompleteDto } from './uploads/dto/upload-complete.dto';
import { UploadsService } from './uploads/uploads.service';
import { APPLICANT_TOKEN_HEADER, APPLICANT_TOKEN_SCHEME } from './applicants/applicant-token.service';

/** Builds the configured API (prefix, validation, errors, Swagger) without listening; main.ts and tests share it. */
export async function createApp(
  config: AppConfig,
  infrastructure: Pick<Infrastructure, 'databaseUrl' | 'storage'>,
  options: { logger?: false } = {},
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, infrastructure), {
    // useStrictBodies installs the only body parser (JSON, 100 KB, UTF-8) and keeps the raw bytes for the webhook.
    bodyParser: false,
    logger: options.logger === false ? false : new SanitizingLogger(),
  });
  app.use(
    helmet({
      // HSTS only where the API is served over https; development and the tests are plain http on loopback.
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Swagger UI at /api/docs loads its own script and styles from 'self'; nothing of the API is framed.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
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
  app.disable('x-powered-by');
  // No ETag: the API's callers (the web server's loaders, the worker, scripts) never send If-None-Match, and Express
  // hashed every JSON body for it (a SHA-1 of 600 KB for the full enrollment list) on each request (issue 18).
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

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
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  return app;
}
