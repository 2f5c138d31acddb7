import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryQuery,
  type WebhookEventType,
} from '@app/contracts';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';

/** Shapes only; the rules (an allowed URL, known events) are parseWebhookEndpointForm in libs/domain. */
export class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @ApiProperty({
    example: 'https://crm.example.com/hooks/training',
    description: 'https, resolving to a public address (checked now and at every delivery)',
  })
  @IsString()
  @MaxLength(2000)
  url!: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  description?: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsArray()
  @IsString({ each: true })
  events!: WebhookEventType[];
}

export class UpdateWebhookEndpointDto implements UpdateWebhookEndpointRequest {
  @ApiProperty()
  @IsBoolean()
  active!: boolean;
}

export class WebhookIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}

export class WebhookDeliveryQueryDto implements WebhookDeliveryQuery {
  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;
}
