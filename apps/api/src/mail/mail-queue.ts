import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { MailDispatcher } from './mail-dispatcher.service';

export const MAIL_QUEUE_NAME = 'mail-outbox';
/** How often the outbox is looked at: a new mail leaves within about this long after its event commits. */
export const MAIL_POLL_MS = 1000;

/**
 * Without Redis: this process looks at the outbox every second. The outbox, not memory, holds the work, so a
 * restart loses nothing; a mail whose send was cut short is taken again when its lease runs out.
 */
@Injectable()
export class InProcessMailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger(InProcessMailWorker.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly dispatcher: MailDispatcher) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), MAIL_POLL_MS);
    this.timer.unref();
  }

  /** Sends what is due now, unless a run is already under way in this process (tests call it directly). */
  tick(): Promise<void> {
    if (!this.timer) return Promise.resolve();
    this.running ??= this.dispatcher
      .dispatchDue()
      .then(() => undefined)
      .catch((error: unknown) =>
        this.logger.error(`Outbox run failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (this.running = null));
    return this.running;
  }

  /** The first shutdown hook, so no run starts or is left querying once the database connection closes. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/**
 * With Redis: a BullMQ job scheduler fires a dispatch job every second, and whichever worker (the API or
 * `npm run worker`) takes it sends what is due. Retries and backoff live in the outbox rows, so they survive Redis
 * being flushed as well as a restart.
 */
@Injectable()
export class MailDispatchScheduler implements OnApplicationBootstrap {
  readonly mode = 'redis' as const;

  constructor(@InjectQueue(MAIL_QUEUE_NAME) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'dispatch-outbox',
      { every: MAIL_POLL_MS },
      { name: 'dispatch', opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }
}

@Processor(MAIL_QUEUE_NAME, { concurrency: 1 })
export class MailDispatchProcessor extends WorkerHost {
  constructor(private readonly dispatcher: MailDispatcher) {
    super();
  }

  async process(): Promise<number> {
    return this.dispatcher.dispatchDue();
  }
}
