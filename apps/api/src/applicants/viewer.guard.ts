import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminAuthService } from '../admin/admin-auth.service';
import { apiKeyOf } from '../admin/api-key.guard';
import { ApiKeysService } from '../admin/api-keys.service';
import { routeNameOf } from '../common/api-route.decorator';
import { UnauthorizedError } from '../common/errors/app-error';
import { ApplicantSessionsService } from './applicant-sessions.service';
import { APPLICANT_TOKEN_HEADER, APPLICANT_TOKEN_SCHEME } from './applicant-token.service';
import type { Viewer } from './viewer';

type ViewerRequest = FastifyRequest & { viewer?: Viewer };

/**
 * Staff by their bearer token, else the applicant by the web server's applicant token (with a live session for an
 * account); neither is 401. Whether the
 * viewer may see a given record is the service's question, and the answer to a stranger is 404.
 */
@Injectable()
export class ViewerGuard implements CanActivate {
  constructor(
    private readonly admins: AdminAuthService,
    private readonly sessions: ApplicantSessionsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ViewerRequest>();
    // An API key with the route's scope (evaluations:staff) sees applicant records as staff do.
    const key = apiKeyOf(request);
    if (key) {
      request.viewer = { kind: 'staff', admin: await this.apiKeys.authenticate(key, routeNameOf(context)) };
      return true;
    }
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      const admin = await this.admins.authenticateBearer(bearer);
      if (!admin) throw new UnauthorizedError();
      request.viewer = { kind: 'staff', admin };
      return true;
    }
    const header = request.headers[APPLICANT_TOKEN_HEADER];
    // The applicant token, and for an account a live session of its own (one indexed read; sign-out ends it).
    const applicant = await this.sessions.authenticate(typeof header === 'string' ? header : undefined);
    // Made only when refusing: an error captures its stack, about 2% of the API's time when made on every request.
    if (!applicant) throw new UnauthorizedError();
    request.viewer = {
      kind: 'applicant',
      applicantId: applicant.applicantId,
      sessionHash: applicant.sessionHash,
      email: applicant.email,
    };
    return true;
  }
}

/** For routes on applicant records: the owner (through the web server) or staff. */
export function OwnerOrStaff(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(ViewerGuard),
    // Two security requirements, either of which admits: a staff bearer token or the applicant token header.
    ApiBearerAuth(),
    ApiSecurity(APPLICANT_TOKEN_SCHEME),
    ApiUnauthorizedResponse({ description: 'Neither a staff token nor a valid applicant token' }),
  );
}

export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<ViewerRequest>().viewer;
  if (!viewer) throw new UnauthorizedError();
  return viewer;
});
