import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
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
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Exchange username and password for a short-lived bearer token' })
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
  login(@Body() body: LoginDto, @Ip() client: string | undefined): Promise<LoginResponseDto> {
    return this.auth.login(body.username, body.password, client ?? 'unknown');
  }

  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @StaffOnly()
  @ApiOperation({ summary: 'Revoke the bearer token used for this call; it answers 401 from then on' })
  @ApiOkResponse({ type: LogoutResponseDto })
  logout(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<LogoutResponseDto> {
    return this.auth.logout(admin);
  }
}
