import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LoginResponse, LogoutResponse } from '@app/contracts';

export class LoginResponseDto implements LoginResponse {
  @ApiProperty({ description: 'true when the token was issued' }) success!: boolean;
  @ApiPropertyOptional({
    description: 'JWT to send as Authorization: Bearer; short-lived (JWT_EXPIRES_IN), revoked by logout',
  })
  token?: string;
  @ApiPropertyOptional({ enum: ['admin', 'evaluator'], description: 'evaluator: reviews credentials only' })
  role?: 'admin' | 'evaluator';
  @ApiProperty({ example: 'Login successful' }) message!: string;
}

export class LoginFailedResponseDto {
  @ApiProperty({ example: 401 }) statusCode!: number;
  @ApiProperty({ example: false }) success!: boolean;
  @ApiProperty({ example: 'Invalid username or password' }) message!: string;
  @ApiProperty({ example: 'UNAUTHORIZED' }) code!: string;
}

export class LogoutResponseDto implements LogoutResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'Logged out' }) message!: string;
}
