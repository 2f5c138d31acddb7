import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseInitializer } from './database-initializer.service';
import { mikroOrmOptions } from './mikro-orm.config';

@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [MikroOrmModule.forRoot({ ...mikroOrmOptions(databaseUrl), registerRequestContext: true })],
      providers: [DatabaseInitializer],
    };
  }
}
