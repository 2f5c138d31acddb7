import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, HttpStatus, Ip } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminAuthService } from './admin-auth.service';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { CurrentAdmin, StaffOnly } from './admin-only.decorator';
import { LoginDto } from './dto/login.dto';
import { LoginFailedResponseDto, LoginResponseDto, LogoutResponseDto } from './dto/login-response.dto';

@ApiTags('admin')
@Controller()
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @ApiRoute(ROUTES.adminLogin)
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ description: 'username or password missing' })
  @ApiUnauthorizedResponse({
    type: LoginFailedResponseDto,
    description: 'Unknown user or wrong password (same answer)',
  })
  @ApiTooManyRequestsResponse({
    description:
      'More than ADMIN_LOGIN_ATTEMPTS_PER_MINUTE attempts from this client in a minute, or this client already failed on an account under attack',
  })
  login(@Body() body: LoginDto, @Ip() client: string | undefined): Promise<RouteResponse<typeof ROUTES.adminLogin>> {
    return this.auth.login(body.username, body.password, client ?? 'unknown');
  }

  @ApiRoute(ROUTES.adminLogout)
  @HttpCode(HttpStatus.OK)
  @StaffOnly()
  @ApiOkResponse({ type: LogoutResponseDto })
  logout(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<RouteResponse<typeof ROUTES.adminLogout>> {
    return this.auth.logout(admin);
  }
}
