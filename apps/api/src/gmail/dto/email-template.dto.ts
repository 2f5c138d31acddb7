import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EmailTemplate, UpdateEmailTemplateRequest } from '@app/contracts';
import { EMAIL_TEMPLATE_LIMITS, EMAIL_TEMPLATE_PLACEHOLDERS } from '@app/domain';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsAbsentOr } from '../../common/is-absent-or.decorator';

const PLACEHOLDERS = EMAIL_TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

export class EmailTemplateDto implements EmailTemplate {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Partnership introduction' }) name!: string;
  @ApiProperty({ description: `One line; may use ${PLACEHOLDERS}` }) subject!: string;
  @ApiProperty({ description: `Plain text; may use ${PLACEHOLDERS}` }) body!: string;
  @ApiProperty({ description: 'Used when a drafts request names no template' }) isDefault!: boolean;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class UpdateEmailTemplateDto implements UpdateEmailTemplateRequest {
  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.nameMax })
  @IsAbsentOr()
  @IsString()
  @IsNotEmpty()
  @MaxLength(EMAIL_TEMPLATE_LIMITS.nameMax)
  name?: string;

  @ApiProperty({ maxLength: EMAIL_TEMPLATE_LIMITS.subjectMax, description: `One line; only ${PLACEHOLDERS}` })
  @IsString()
  subject!: string;

  @ApiProperty({ maxLength: EMAIL_TEMPLATE_LIMITS.bodyMax, description: `Plain text; only ${PLACEHOLDERS}` })
  @IsString()
  body!: string;
}
