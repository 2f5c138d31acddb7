import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client, type Notification } from 'pg';

const RECONNECT_MS = 1000;
/** How often the listening connection is checked: a half-open one (failover, a dropped NAT entry) never errors. */
export const HEARTBEAT_MS = 10_000;
/** A check not answered within this long counts as a lost connection. */
export const HEARTBEAT_TIMEOUT_MS = 5_000;
/** The longest any value is kept, notice or not: a backstop should a lost connection go unnoticed. */
export const MAX_ENTRY_AGE_MS = 60_000;
/** The most values one channel keeps (the admin panel's are one per filter an admin used); the oldest goes first. */
export const MAX_CHANNEL_ENTRIES = 500;

/** What a read answers, and until when (epoch ms) that answer holds by time alone; null: until the next change. */
export interface Expiring<T> {
  value: T;
  validUntil: number | null;
}

interface Entry {
  value: unknown;
  /** Epoch ms; never later than MAX_ENTRY_AGE_MS after its read started. */
  validUntil: number;
}

interface InFlight {
  generation: number;
  promise: Promise<unknown>;
}

/**
 * One channel's cached values. Kept only while the cache is LISTENing on the channel: every committed change to the
 * tables behind it notifies the channel (their triggers), whoever makes it, so each API instance drops its values.
 */
export class CacheChannel {
  /** Whether LISTEN on this channel is live on the current connection (set by NotifiedCache). */
  listening = false;
  private generation = 0;
  private readonly values = new Map<string, Entry>();
  private readonly reads = new Map<string, InFlight>();

  constructor(readonly name: string) {}

  /** The cached value of `key`, or `read()`'s answer (kept only while listening and nothing changed meanwhile). */
  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    return this.getExpiring(key, async () => ({ value: await read(), validUntil: null }));
  }

  /**
   * As get, for an answer that changes by time alone as well: `read` gets the time it started (epoch ms) and says
   * until when its answer holds; the value is read again from then on. Concurrent misses share one read.
   */
  async getExpiring<T>(key: string, read: (startedAt: number) => Promise<Expiring<T>>): Promise<T> {
    const cached = this.values.get(key);
    if (cached && Date.now() < cached.validUntil) return cached.value as T;
    if (!this.listening) return (await read(Date.now())).value;
    const shared = this.reads.get(key);
    if (shared && shared.generation === this.generation) return shared.promise as Promise<T>;
    const generation = this.generation;
    const startedAt = Date.now();
    const promise = read(startedAt).then((answer) => {
      if (this.listening && generation === this.generation) {
        const validUntil = Math.min(answer.validUntil ?? Infinity, startedAt + MAX_ENTRY_AGE_MS);
        this.values.delete(key);
        if (this.values.size >= MAX_CHANNEL_ENTRIES) this.values.delete(this.values.keys().next().value as string);
        this.values.set(key, { value: answer.value, validUntil });
      }
      return answer.value;
    });
    this.reads.set(key, { generation, promise });
    try {
      return await promise;
    } finally {
      if (this.reads.get(key)?.promise === promise) this.reads.delete(key);
    }
  }

  /**
   * Drops every value, and any read under way is not kept. Called on the channel's notice, when the connection is
   * lost or back, and by this instance right after it commits a change itself (its own notice arrives a moment later).
   */
  drop(): void {
    this.generation++;
    this.values.clear();
    this.reads.clear();
  }
}

/**
 * Per-instance caches kept correct across API instances by PostgreSQL LISTEN/NOTIFY, on one connection for all
 * channels: `pricing_changed` (price lists, migration 20261126090000) and `cohorts_changed` (the cohort list with its
 * seats, migration 20261128090000). Without a live listener nothing is cached (each read goes to the database), so a
 * lost connection cannot leave a stale answer: every value is dropped when the connection ends and caching resumes
 * only once LISTEN is back. A connection that goes quiet without an error (half-open) is caught by TCP keepalive and a
 * periodic check on it, and no value is kept longer than MAX_ENTRY_AGE_MS in any case. A read that started before a
 * change and ends after its notice is not kept. The listening
 * connection is opened only once a channel is asked for (the analysis worker process asks for none).
 */
@Injectable()
export class NotifiedCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(NotifiedCache.name);
  private readonly channels = new Map<string, CacheChannel>();
  private client: Client | null = null;
  private started = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Failed attempts in a row: only the first of an outage is logged. */
  private failures = 0;

  constructor(private readonly orm: MikroORM) {}

  /** The channel's cache (one per name), LISTENed on with the others once the application has started. */
  channel(name: string): CacheChannel {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a channel name: ${name}`);
    let channel = this.channels.get(name);
    if (!channel) {
      channel = new CacheChannel(name);
      this.channels.set(name, channel);
      if (this.client) {
        const client = this.client;
        // A failed LISTEN means a failing connection: its error handler drops everything and reconnects.
        void this.listenOn(client, [channel]).catch(() => undefined);
      } else if (this.started && !this.retry) {
        void this.listen();
      }
    }
    return channel;
  }

  onModuleInit(): void {
    this.started = true;
    if (this.channels.size > 0) void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopHeartbeat();
    this.dropAll(false);
    await this.client?.end().catch(() => undefined);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Every HEARTBEAT_MS a `select 1` on the listening connection; unanswered in time, the connection counts as lost. */
  private startHeartbeat(client: Client, lost: () => void): void {
    this.stopHeartbeat();
    let checking = false;
    this.heartbeat = setInterval(() => {
      if (checking || this.client !== client) return;
      checking = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), HEARTBEAT_TIMEOUT_MS);
      });
      Promise.race([client.query('select 1'), timeout])
        .catch(() => {
          if (this.client !== client) return;
          this.logger.warn('Change listener did not answer its check; cached reads go to the database');
          lost();
        })
        .finally(() => {
          clearTimeout(timer);
          checking = false;
        });
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private dropAll(listening: boolean): void {
    for (const channel of this.channels.values()) {
      channel.listening = listening;
      channel.drop();
    }
  }

  /** LISTEN on `channels` over `client`; each caches from the moment its LISTEN is confirmed. */
  private async listenOn(client: Client, channels: CacheChannel[]): Promise<void> {
    await client.query(channels.map((channel) => `listen ${channel.name};`).join(' '));
    if (this.client !== client) return;
    for (const channel of channels) {
      channel.listening = true;
      channel.drop();
    }
  }

  private async listen(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.orm.config.getClientUrl(),
      connectionTimeoutMillis: 5000,
      // The OS probes an idle connection too, so a dead peer ends it even between checks.
      keepAlive: true,
      application_name: 'api-notified-cache',
    });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.stopHeartbeat();
      this.dropAll(false);
      void client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('notification', (message: Notification) => {
      const channel = this.channels.get(message.channel);
      if (channel?.listening) channel.drop();
    });
    client.on('error', (error) => {
      if (this.client === client) {
        this.logger.warn(`Change listener lost its connection (${error.name}); cached reads go to the database`);
      }
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await this.listenOn(client, [...this.channels.values()]);
      if (this.client === client) {
        this.failures = 0;
        this.startHeartbeat(client, lost);
      }
    } catch (error) {
      if (this.stopped) return;
      if (++this.failures === 1) {
        this.logger.warn(`Change listener could not LISTEN (${(error as Error).name}); retrying every second`);
      }
      lost();
    }
  }
}
