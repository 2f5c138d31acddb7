import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { AdminJwtGuard } from './admin-jwt.guard';

/** For admin controllers: a valid, unrevoked bearer token is required, else 401. */
export function AdminOnly(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(AdminJwtGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or revoked admin token' }),
  );
}

export const CurrentAdmin = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedAdmin => {
  return context.switchToHttp().getRequest<Request & { user: AuthenticatedAdmin }>().user;
});
