import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** What Google appends to the redirect URL: code and state, or error when the user declined. */
export class OAuthCallbackQueryDto {
  @ApiPropertyOptional({ description: 'Authorization code' }) @IsOptional() @IsString() @MaxLength(2048) code?: string;
  @ApiPropertyOptional({ description: 'The state issued by /api/gmail/connect' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  state?: string;
  @ApiPropertyOptional({ description: 'Set by Google when consent was refused' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  error?: string;
  @ApiPropertyOptional({ description: 'Scopes granted (sent by Google; ignored)' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  scope?: string;
  @ApiPropertyOptional({ description: 'Sent by Google; ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  authuser?: string;
  @ApiPropertyOptional({ description: 'Sent by Google; ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  prompt?: string;
  @ApiPropertyOptional({ description: 'Sent by Google; ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  hd?: string;
  @ApiPropertyOptional({ description: 'Sent by Google; ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  iss?: string;
}
