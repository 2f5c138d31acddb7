import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseInitializer } from './database-initializer.service';
import { mikroOrmOptions } from './mikro-orm.config';
import { NotifiedCache } from './notified-cache';
import { TransactionRunner } from './transaction-runner';

@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      // Global: one NotifiedCache (one LISTEN connection) for every feature that caches, and the one TransactionRunner.
      global: true,
      imports: [MikroOrmModule.forRoot({ ...mikroOrmOptions(databaseUrl), registerRequestContext: true })],
      providers: [DatabaseInitializer, NotifiedCache, TransactionRunner],
      exports: [NotifiedCache, TransactionRunner],
    };
  }
}
