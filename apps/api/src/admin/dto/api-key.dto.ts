import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@app/contracts';
import { IsArray, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';

const SCOPES_DESCRIPTION = API_KEY_SCOPES.map((scope) => `${scope}: ${API_KEY_SCOPE_LABELS[scope]}`).join('; ');

/** Shapes only; the rules (a name, known scopes, a future expiry) are parseApiKeyForm in libs/domain. */
export class CreateApiKeyDto implements CreateApiKeyRequest {
  @ApiProperty({ example: 'CRM sync', maxLength: 80 })
  @IsString()
  @MaxLength(200)
  name!: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, description: SCOPES_DESCRIPTION })
  @IsArray()
  @IsString({ each: true })
  scopes!: ApiKeyScope[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-06-30',
    description: 'A date (the key works through that day, UTC) or an ISO date-time; absent or null: no expiry',
  })
  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsString()
  @MaxLength(40)
  expiresAt?: string | null;
}

export class ApiKeyIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}

export class ApiKeyResponseDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'tk_3k9x0c2m7q1a', description: 'The public start of the key; never the secret' })
  prefix!: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true }) scopes!: ApiKeyScope[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who created it' }) createdBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revokedAt!: string | null;
  @ApiProperty({ enum: ['active', 'expired', 'revoked'] }) state!: 'active' | 'expired' | 'revoked';
}

export class CreatedApiKeyResponseDto implements CreatedApiKey {
  @ApiProperty({ type: ApiKeyResponseDto }) apiKey!: ApiKeyResponseDto;
  @ApiProperty({
    example: 'tk_3k9x0c2m7q1a_Wq3…',
    description:
      'The whole key, in this answer only: send it as Authorization: Bearer <key>. Only its SHA-256 is kept.',
  })
  secret!: string;
}
