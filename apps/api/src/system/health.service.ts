import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { StorageService } from '../storage/storage.service';
import { pingRedis } from './redis-ping';

export type ServiceState = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: ServiceState;
  queue: ServiceState;
  storage: ServiceState;
  queueMode: 'redis' | 'in-process';
}

@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async isDatabaseUp(): Promise<boolean> {
    try {
      await this.em.getConnection().execute('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Without REDIS_URL jobs run in-process, which is up whenever the API is. */
  isQueueUp(): Promise<boolean> {
    return this.config.redisUrl ? pingRedis(this.config.redisUrl) : Promise.resolve(true);
  }

  async report(): Promise<HealthReport> {
    const [database, queue, storage] = await Promise.all([
      this.isDatabaseUp(),
      this.isQueueUp(),
      this.storage.isReachable(),
    ]);
    const state = (up: boolean): ServiceState => (up ? 'up' : 'down');
    return {
      status: database && queue && storage ? 'ok' : 'degraded',
      database: state(database),
      queue: state(queue),
      storage: state(storage),
      queueMode: this.config.redisUrl ? 'redis' : 'in-process',
    };
  }
}
