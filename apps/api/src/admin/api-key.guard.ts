import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiForbiddenResponse, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { isApiKeyBearer } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { routeNameOf } from '../common/api-route.decorator';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { AdminJwtGuard } from './admin-jwt.guard';
import { ApiClientOnlyError } from './api-keys.errors';
import { ApiKeysService } from './api-keys.service';

type AuthRequest = FastifyRequest & { user?: AuthenticatedAdmin };

/** The bearer credential of a request, if any. */
export function bearerOf(request: FastifyRequest): string | null {
  return /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** An API key in the Authorization header (`Bearer tk_…`), or null when the header carries something else. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const bearer = bearerOf(request);
  return bearer && isApiKeyBearer(bearer) ? bearer : null;
}

/**
 * The staff JWT guard with API keys beside it: a request with an API key is admitted by the key (scope of the route,
 * revocation, expiry and rate limit, all checked in PostgreSQL); any other request goes to AdminJwtGuard unchanged.
 * The key's actor is put where the JWT's admin goes (`request.user`), so @CurrentAdmin and the audit trail see it.
 * ApiKeysService is looked up through ModuleRef, since the guard is instantiated in every module that uses AdminOnly
 * (as AdminJwtGuard is), not all of which import AdminModule.
 */
@Injectable()
export class StaffOrApiKeyGuard extends AdminJwtGuard {
  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    const key = apiKeyOf(request);
    if (key) {
      const apiKeys = this.moduleRef.get(ApiKeysService, { strict: false });
      request.user = await apiKeys.authenticate(key, routeNameOf(context));
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }
}

/** Routes for API clients only (access 'api-client'): an API key with one of the route's scopes; nothing else. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly apiKeys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthRequest>();
    const key = apiKeyOf(request);
    if (!key) throw new ApiClientOnlyError();
    request.user = await this.apiKeys.authenticate(key, routeNameOf(context));
    return true;
  }
}

/** For controllers of API-client routes; @CurrentAdmin gives the key's actor (`apiKey` set). */
export function ApiClientOnly(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(ApiKeyGuard),
    ApiUnauthorizedResponse({ description: 'No API key, or an invalid, revoked or expired one' }),
    ApiForbiddenResponse({ description: "The key's scopes do not reach this route" }),
    ApiTooManyRequestsResponse({ description: "The key's rate limit for this minute is spent" }),
  );
}
