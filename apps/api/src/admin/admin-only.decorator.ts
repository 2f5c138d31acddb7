import {
  applyDecorators,
  CanActivate,
  Controller,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { StaffRole } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../common/errors/app-error';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { StaffOrApiKeyGuard } from './api-key.guard';

const STAFF_ROLES_KEY = 'staffRoles';

/** After AdminJwtGuard: the account's role must be one the route (or else its controller) allows; 403 otherwise. */
@Injectable()
export class StaffRoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const allowed = this.reflector.getAllAndOverride<StaffRole[] | undefined>(STAFF_ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedAdmin }>().user;
    if (!allowed || (user && allowed.includes(user.role))) return true;
    throw new ForbiddenError('This account cannot do this');
  }
}

function staffRoute(roles: StaffRole[], unauthorized: string): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(STAFF_ROLES_KEY, roles),
    // A staff token (AdminJwtGuard), or an API key with a scope that reaches the route (ROUTE_SCOPES).
    UseGuards(StaffOrApiKeyGuard, StaffRoleGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: unauthorized }),
    ApiForbiddenResponse({ description: 'Signed in with a role that may not do this' }),
  );
}

/** For admin controllers: a valid, unrevoked bearer token of an admin is required, else 401 (403 for an evaluator). */
export function AdminOnly(): ClassDecorator & MethodDecorator {
  return staffRoute(['admin'], 'Missing, invalid, expired or revoked admin token');
}

/**
 * The head of an admin controller: its OpenAPI tag, admins only, and no path of its own (each route's path comes
 * from the contracts' route map through `@ApiRoute`).
 */
export function AdminController(tag = 'admin'): ClassDecorator {
  return applyDecorators(ApiTags(tag), AdminOnly(), Controller());
}

/** For staff routes: an admin or an evaluator. */
export function StaffOnly(): ClassDecorator & MethodDecorator {
  return staffRoute(['admin', 'evaluator'], 'Missing, invalid, expired or revoked staff token');
}

export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedAdmin => {
  return context.switchToHttp().getRequest<FastifyRequest & { user: AuthenticatedAdmin }>().user;
});
