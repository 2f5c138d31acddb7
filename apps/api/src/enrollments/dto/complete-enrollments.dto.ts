import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CompleteEnrollmentsRequest } from '@app/contracts';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID } from 'class-validator';

export class CompleteEnrollmentsDto implements CompleteEnrollmentsRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'Complete every active enrollment of this cohort' })
  @IsOptional()
  @IsUUID()
  cohortId?: string;

  @ApiPropertyOptional({ type: [String], description: 'Or these enrollments' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  enrollmentIds?: string[];

  @ApiProperty({ example: '2027-03-15', description: 'The completion date, YYYY-MM-DD, not in the future' })
  @IsString()
  completedOn!: string;

  @ApiPropertyOptional({ description: 'Complete enrollments that still owe a balance (named in the audit trail)' })
  @IsOptional()
  @IsBoolean()
  allowUnpaidBalance?: boolean;
}
