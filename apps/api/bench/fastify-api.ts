import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import { AppModule } from '../src/app.module';
import { AllExceptionsFilter } from '../src/common/filters/all-exceptions.filter';
import { createValidationPipe } from '../src/common/validation.pipe';
import { loadConfig } from '../src/config/app-config';
import { embeddedStorage } from '../src/infrastructure';

/**
 * Bench only (part h of `npm run bench`, docs/decisions/008): the same AppModule, database, global pipe, error filter
 * and helmet headers as the product's API (app.factory.ts), on NestJS's Fastify adapter instead of Express, so the
 * two adapters can be compared on the same routes in the same run. Not a product entry point: it skips the strict
 * body parser and the raw body the Stripe webhook needs (Express-only wiring), which no GET measured here touches.
 * It uses the object store of the API the bench already started (BENCH_S3_ENDPOINT) instead of starting its own.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const databaseUrl = config.database.url;
  if (!databaseUrl || !process.env.BENCH_S3_ENDPOINT) throw new Error('DATABASE_URL and BENCH_S3_ENDPOINT are needed');
  const storage = embeddedStorage(config, process.env.BENCH_S3_ENDPOINT);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { databaseUrl, storage }),
    new FastifyAdapter(),
    { logger: false },
  );
  app.use(
    helmet({
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe(new Map()));
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.listen(config.apiPort, config.host);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
