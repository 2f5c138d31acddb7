import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AuditModule } from '../audit/audit.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminAuditController } from './admin-audit.controller';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminJwtGuard } from './admin-jwt.guard';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { StaffRoleGuard } from './admin-only.decorator';
import { AdminTicketsService } from './admin-tickets.service';
import { hs256Key } from '../common/hs256-key';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { LoginLimiterService } from './login-limiter.service';
import { LoginLimitsRepository } from './login-limits.repository';
import { ApiKeyGuard, StaffOrApiKeyGuard } from './api-key.guard';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

type JwtExpiry = NonNullable<NonNullable<Parameters<typeof JwtModule.register>[0]['signOptions']>['expiresIn']>;

/** Admin accounts, login/logout and the JWT guard that every other /api/admin controller uses (AdminOnly). */
@Module({
  imports: [
    AuditModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: hs256Key(config.auth.jwtSecret),
        // JWT_EXPIRES_IN is a vercel/ms duration such as '2h', which is what the option takes.
        signOptions: { expiresIn: config.auth.jwtExpiresIn as JwtExpiry, algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AdminAuthController, AdminAuditController, ApiKeysController],
  providers: [
    AdminUsersRepository,
    AdminUsersService,
    AdminAuthService,
    AdminJwtStrategy,
    AdminJwtGuard,
    StaffRoleGuard,
    AdminTicketsService,
    AdminBootstrapService,
    LoginLimitsRepository,
    LoginLimiterService,
    ApiKeysRepository,
    ApiKeysService,
    StaffOrApiKeyGuard,
    ApiKeyGuard,
  ],
  exports: [
    AdminJwtGuard,
    StaffRoleGuard,
    AdminTicketsService,
    AdminAuthService,
    ApiKeysService,
    StaffOrApiKeyGuard,
    ApiKeyGuard,
  ],
})
export class AdminModule {}
