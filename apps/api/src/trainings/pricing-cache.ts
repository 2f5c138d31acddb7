import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';

const CHANNEL = 'pricing_changed';
const RECONNECT_MS = 1000;

/**
 * The price lists, read on every page view, kept in memory while this instance is LISTENing on `pricing_changed`:
 * the price tables' triggers (migration 20261126090000) notify it on every committed change, whoever makes it, so
 * each API instance drops its copy when the database changes. Without a live listener nothing is cached (each read
 * goes to the database), so a lost connection cannot leave a stale price: the copy is dropped when the connection
 * ends and caching resumes only once LISTEN is back. A read that started before a change and ends after its notice is
 * not kept (the generation moved on meanwhile).
 */
@Injectable()
export class PricingCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PricingCache.name);
  private client: Client | null = null;
  private listening = false;
  private stopped = false;
  private generation = 0;
  private retry: NodeJS.Timeout | null = null;
  /** Failed attempts in a row: only the first of an outage is logged. */
  private failures = 0;
  private readonly values = new Map<string, unknown>();

  constructor(private readonly orm: MikroORM) {}

  onModuleInit(): void {
    void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.drop(false);
    await this.client?.end().catch(() => undefined);
  }

  /** The cached value of `key`, or `read()`'s answer (kept only while listening and nothing changed meanwhile). */
  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.values.has(key)) return this.values.get(key) as T;
    const generation = this.generation;
    const value = await read();
    if (this.listening && generation === this.generation) this.values.set(key, value);
    return value;
  }

  private drop(listening: boolean): void {
    this.listening = listening;
    this.generation++;
    this.values.clear();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.orm.config.getClientUrl(), connectionTimeoutMillis: 5000 });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.drop(false);
      void client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('notification', () => this.drop(this.listening));
    client.on('error', (error) => {
      if (this.client === client) {
        this.logger.warn(`Price change listener lost its connection (${error.name}); prices are read uncached`);
      }
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (this.client === client) {
        this.failures = 0;
        this.drop(true);
      }
    } catch (error) {
      if (this.stopped) return;
      if (++this.failures === 1) {
        this.logger.warn(`Price change listener could not LISTEN (${(error as Error).name}); retrying every second`);
      }
      lost();
    }
  }
}
