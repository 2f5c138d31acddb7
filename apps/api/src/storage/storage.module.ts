import { DynamicModule, Global, Module } from '@nestjs/common';
import { STORAGE_CONNECTION, StorageConnection } from './storage-connection';
import { StorageService } from './storage.service';

@Global()
@Module({})
export class StorageModule {
  static forRoot(connection: StorageConnection): DynamicModule {
    return {
      module: StorageModule,
      providers: [{ provide: STORAGE_CONNECTION, useValue: connection }, StorageService],
      exports: [StorageService],
    };
  }
}
