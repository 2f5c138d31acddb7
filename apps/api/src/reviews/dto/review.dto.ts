import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  REVIEW_DECISIONS,
  REVIEW_QUEUE_STATUSES,
  type CredentialReview,
  type ReviewDecision,
  type RejectCredentialRequest,
  type ReviewCredentialDetail,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  type ReviewQueueStatus,
  type VerifyCredentialRequest,
} from '@app/contracts';
import {
  MAX_AWARDED_CREDITS,
  MAX_REVIEW_TEXT_LENGTH,
  rejectDecisionFieldError,
  verifyDecisionFieldError,
} from '@app/domain';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FormRule } from '../../common/form-rule.decorator';
import { EvaluationResponseDto } from '../../analysis/dto/analysis-response.dto';
import { CredentialResponseDto } from '../../credentials/dto/credential-response.dto';
import { ApiNullableProperty } from '../../common/api-nullable.decorator';

export class CredentialReviewResponseDto implements CredentialReview {
  @ApiProperty({ enum: REVIEW_DECISIONS }) decision!: ReviewDecision;
  @ApiProperty({ type: Number, nullable: true, description: 'Verified: the quarter credits awarded' }) awardedCredits!:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: "Verified: the evaluator's note" }) note!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Rejected: the reason the applicant sees' })
  rejectionReason!: string | null;
  @ApiProperty({ format: 'date-time' }) decidedAt!: string;
}

export class ReviewQueueQueryDto implements ReviewQueueQuery {
  @ApiPropertyOptional({ enum: REVIEW_QUEUE_STATUSES, default: 'awaiting' })
  @IsOptional()
  @IsIn(REVIEW_QUEUE_STATUSES)
  status?: ReviewQueueStatus;

  @ApiPropertyOptional({ description: "Part of the credential's name or the applicant's email, or a credential id" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class ReviewQueueItemDto implements ReviewQueueItem {
  @ApiProperty({ format: 'uuid' }) credentialId!: string;
  @ApiProperty() credentialName!: string;
  @ApiProperty({ enum: REVIEW_QUEUE_STATUSES }) status!: ReviewQueueStatus;
  @ApiProperty({ type: Number, nullable: true }) recommendedCredits!: number | null;
  @ApiProperty({ type: Number, nullable: true }) awardedCredits!: number | null;
  @ApiProperty() documentCount!: number;
  @ApiProperty({ type: String, nullable: true }) applicantEmail!: string | null;
  @ApiProperty({ format: 'date-time' }) completedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt!: string | null;
}

export class ReviewCredentialDetailDto implements ReviewCredentialDetail {
  @ApiProperty({ type: CredentialResponseDto }) credential!: CredentialResponseDto;
  @ApiProperty({ type: String, nullable: true }) applicantEmail!: string | null;
  @ApiNullableProperty(EvaluationResponseDto) evaluation!: EvaluationResponseDto | null;
  @ApiNullableProperty(CredentialReviewResponseDto) review!: CredentialReviewResponseDto | null;
}

/** The Verify form, each property checked by its schema in libs/domain (`verifyDecisionSchema`), as the page checks it. */
export class VerifyCredentialDto implements VerifyCredentialRequest {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_AWARDED_CREDITS,
    description: 'In tenths; defaults to the recommended credits',
  })
  @IsOptional()
  @FormRule((value) => verifyDecisionFieldError('awardedCredits', value))
  awardedCredits?: number;

  @ApiPropertyOptional({ maxLength: MAX_REVIEW_TEXT_LENGTH, description: 'Shown to the applicant' })
  @IsOptional()
  @FormRule((value) => verifyDecisionFieldError('note', value))
  note?: string;
}

/** The Reject form, checked by its schema in libs/domain (`rejectDecisionSchema`). */
export class RejectCredentialDto implements RejectCredentialRequest {
  @ApiProperty({ maxLength: MAX_REVIEW_TEXT_LENGTH, description: 'Shown to the applicant' })
  @FormRule((value) => rejectDecisionFieldError('reason', value))
  reason!: string;
}

export class ReviewDecisionResultDto {
  @ApiProperty({ type: CredentialReviewResponseDto }) review!: CredentialReviewResponseDto;
  @ApiProperty({ description: 'Whether the outcome mail was queued (false: no email on file, or no mail set up)' })
  applicantNotified!: boolean;
}
