import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { UnauthorizedError } from '../common/errors/app-error';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { AdminAuthService } from './admin-auth.service';
import { hs256Key } from '../common/hs256-key';
import { ADMIN_JWT_STRATEGY, type AdminTokenPayload, type AuthenticatedAdmin } from './admin-auth.types';

/** Bearer JWT signed with JWT_SECRET, not expired, and not revoked by logout. */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT_STRATEGY) {
  constructor(
    @InjectConfig() config: AppConfig,
    private readonly auth: AdminAuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, made once (common/hs256-key.ts); passport-jwt hands it to jsonwebtoken as it is, though its types
      // name only string and Buffer.
      secretOrKey: hs256Key(config.auth.jwtSecret) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: AdminTokenPayload): Promise<AuthenticatedAdmin> {
    const admin = await this.auth.authenticate(payload);
    if (!admin) throw new UnauthorizedError();
    return admin;
  }
}
