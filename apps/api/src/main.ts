import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { guardProcess } from './common/process-guards';
import { ConfigError, loadConfig } from './config/app-config';
import { startInfrastructure } from './infrastructure';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  guardProcess('Process');
  const config = loadConfig();
  const infrastructure = await startInfrastructure(config);
  const app = await createApp(config, infrastructure);
  const stopInfrastructure = async () => {
    await app.close();
    await infrastructure.stop();
    process.exit(0);
  };
  process.once('SIGINT', stopInfrastructure);
  process.once('SIGTERM', stopInfrastructure);
  await app.listen(config.apiPort, config.host);
  logger.log(`API listening on http://${config.host}:${config.apiPort}/api (docs at /api/docs)`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
