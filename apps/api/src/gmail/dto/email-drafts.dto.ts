import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateEmailDraftsRequest, CreateEmailDraftsResult, EmailDraftSummary } from '@app/contracts';
import { IsOptional, IsUUID } from 'class-validator';

export class CreateEmailDraftsDto implements CreateEmailDraftsRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'The template to use; the default template when absent' })
  @IsOptional()
  @IsUUID()
  templateId?: string;
}

export class EmailDraftSummaryDto implements EmailDraftSummary {
  @ApiProperty() contactName!: string;
  @ApiProperty({ format: 'email' }) contactEmail!: string;
  @ApiProperty({ description: 'The draft id in Gmail' }) gmailDraftId!: string;
}

export class CreateEmailDraftsResultDto implements CreateEmailDraftsResult {
  @ApiProperty({ description: 'Drafts created by this call' }) created!: number;
  @ApiProperty({ description: 'Contacts that already had a draft for this credential' }) skipped!: number;
  @ApiProperty({ description: 'Contacts without an email address' }) withoutEmail!: number;
  @ApiProperty({ type: [EmailDraftSummaryDto] }) drafts!: EmailDraftSummaryDto[];
}
