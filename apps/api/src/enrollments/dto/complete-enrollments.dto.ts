import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CompleteEnrollmentsRequest } from '@app/contracts';
import { completionFieldError } from '@app/domain';
import { ArrayMaxSize, IsArray, IsOptional, IsUUID } from 'class-validator';
import { FormRule } from '../../common/form-rule.decorator';

/** The completion form (libs/domain completion-form.ts) and which enrollments: a cohort or a list of ids. */
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
  @FormRule((value) => completionFieldError('completedOn', value))
  completedOn!: string;

  @ApiPropertyOptional({ description: 'Complete enrollments that still owe a balance (named in the audit trail)' })
  @IsOptional()
  @FormRule((value) => completionFieldError('allowUnpaidBalance', value))
  allowUnpaidBalance?: boolean;
}
