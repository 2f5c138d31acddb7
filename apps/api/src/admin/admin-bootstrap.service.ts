import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { AdminUsersService } from './admin-users.service';
import { generatePassword } from './password-hasher';

export const GENERATED_ADMIN_USERNAME = 'admin';

/**
 * Runs after migrations (those run in onModuleInit): ADMIN_USERNAME/ADMIN_PASSWORD, when set, exist with that password;
 * otherwise a database without any admin gets one with a generated password, printed this once.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Admin');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly users: AdminUsersService,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return RequestContext.create(this.em, () => this.ensureFirstAdmin());
  }

  private async ensureFirstAdmin(): Promise<void> {
    const { adminUsername, adminPassword } = this.config.auth;
    if (adminUsername && adminPassword) {
      const result = await this.users.setPassword(adminUsername, adminPassword);
      if (result !== 'unchanged')
        this.logger.log(`Admin "${adminUsername}" ${result} from ADMIN_USERNAME/ADMIN_PASSWORD`);
      return;
    }
    if (adminUsername || adminPassword) {
      this.logger.warn('ADMIN_USERNAME and ADMIN_PASSWORD only take effect together; one of them is unset');
    }
    if (await this.users.hasAnyAdmin()) return;
    const password = generatePassword();
    await this.users.setPassword(GENERATED_ADMIN_USERNAME, password);
    this.logger.warn(
      `No admin existed, so one was created. Log in at /admin with username "${GENERATED_ADMIN_USERNAME}" and password "${password}". ` +
        'This password is shown only now; set ADMIN_USERNAME/ADMIN_PASSWORD or run `npm run admin:create` to choose your own.',
    );
  }
}
