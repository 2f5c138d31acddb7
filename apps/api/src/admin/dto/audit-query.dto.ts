import { ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction, type AuditQuery } from '@app/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class AuditQueryDto implements AuditQuery {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` })
  action?: AuditAction;

  @ApiPropertyOptional({ description: 'Only actions of this admin' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  adminUsername?: string;

  @ApiPropertyOptional({ description: 'Only actions on this enrollment, cohort or payment id (kept after a delete)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  entityId?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(100_000)
  page?: number;
}
