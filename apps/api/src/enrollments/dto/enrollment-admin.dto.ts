import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  ENROLLMENT_SORT_KEYS,
  ENROLLMENT_STATUSES,
  TRAINING_NAMES,
  type EnrollmentSearchQuery,
  type EnrollmentSortKey,
  type EnrollmentStatus,
  type MoveEnrollmentRequest,
  type RefundEnrollmentRequest,
  type TrainingName,
  type UpdateEnrollmentRequest,
} from '@app/contracts';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  enrollmentMoveFieldError,
  enrollmentRefundFieldError,
  MAX_ENROLLMENT_NOTES_LENGTH,
  MAX_PAYMENT_AMOUNT_CENTS,
  MAX_REFUND_REASON_LENGTH,
} from '@app/domain';
import { FormRule, trimText } from '../../common/form-rule.decorator';
import { calendarDate } from './calendar-date.validator';
import { EnrollmentFormRule } from './create-enrollment.dto';

export class EnrollmentSearchQueryDto implements EnrollmentSearchQuery {
  @ApiPropertyOptional({ enum: TRAINING_NAMES })
  @IsOptional()
  @IsIn(TRAINING_NAMES, { message: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainingName?: TrainingName;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only this cohort (filtered in the database, so paging stays right)',
  })
  @IsOptional()
  @IsUUID('all', { message: 'cohortId must be a UUID' })
  cohortId?: string;

  @ApiPropertyOptional({ example: '2027-01-01' })
  @IsOptional()
  @calendarDate('startDate')
  startDate?: string;

  @ApiPropertyOptional({ example: '2027-01-31' })
  @IsOptional()
  @calendarDate('endDate')
  endDate?: string;

  @ApiPropertyOptional({ description: 'Part of a name or an email, case-insensitive', maxLength: 254 })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  q?: string;

  @ApiPropertyOptional({ enum: ENROLLMENT_STATUSES })
  @IsOptional()
  @IsIn(ENROLLMENT_STATUSES, { message: `enrollmentStatus must be one of: ${ENROLLMENT_STATUSES.join(', ')}` })
  enrollmentStatus?: EnrollmentStatus;

  @ApiPropertyOptional({ enum: ENROLLMENT_SORT_KEYS, default: 'createdAt' })
  @IsOptional()
  @IsIn(ENROLLMENT_SORT_KEYS, { message: `sort must be one of: ${ENROLLMENT_SORT_KEYS.join(', ')}` })
  sort?: EnrollmentSortKey;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc' })
  direction?: 'asc' | 'desc';

  @ApiPropertyOptional({ minimum: 1, default: 1, description: '50 rows a page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(1_000_000)
  page?: number;
}

/**
 * GET /api/admin/panel's query: the search's, except cohortId, which is not refused when it is not a UUID: it is
 * applied only when it names one of the cohorts listed (of trainingName, when given), and ignored otherwise.
 */
export class AdminPanelQueryDto
  extends OmitType(EnrollmentSearchQueryDto, ['cohortId'] as const)
  implements EnrollmentSearchQuery
{
  @ApiPropertyOptional({
    description: 'Only this cohort, when it is one of the listed cohorts (of trainingName, when given); else ignored',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  cohortId?: string;
}

/** The same field rules as a new manual enrollment (the shared schema), each field optional here. */
export class UpdateEnrollmentDto implements UpdateEnrollmentRequest {
  @ApiPropertyOptional({ enum: ENROLLMENT_STATUSES })
  @IsOptional()
  @EnrollmentFormRule('enrollmentStatus')
  enrollmentStatus?: EnrollmentStatus;

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'A cohort of the same training, or null for none',
  })
  @IsOptional()
  @EnrollmentFormRule('cohortId')
  cohortId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_ENROLLMENT_NOTES_LENGTH })
  @IsOptional()
  @EnrollmentFormRule('notes')
  notes?: string | null;
}

/** The detail page's Move form, checked by its rule in libs/domain (`enrollment-actions-form.ts`). */
export class MoveEnrollmentDto implements MoveEnrollmentRequest {
  @ApiProperty({ format: 'uuid', description: 'Another cohort of the same training' })
  @FormRule((value) => enrollmentMoveFieldError('cohortId', value))
  cohortId!: string;
}

/** The detail page's Refund form in cents, checked by its rule in libs/domain (`enrollment-actions-form.ts`). */
export class RefundEnrollmentDto implements RefundEnrollmentRequest {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_PAYMENT_AMOUNT_CENTS,
    description: 'Integer cents; omit to refund all that is left',
  })
  @IsOptional()
  @FormRule((value) => enrollmentRefundFieldError('amountCents', value))
  amountCents?: number;

  @ApiPropertyOptional({ maxLength: MAX_REFUND_REASON_LENGTH })
  @IsOptional()
  @Transform(trimText)
  @FormRule((value) => enrollmentRefundFieldError('reason', value))
  reason?: string;
}
