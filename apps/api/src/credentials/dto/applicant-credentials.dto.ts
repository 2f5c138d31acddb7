import { ApiProperty } from '@nestjs/swagger';
import {
  REVIEW_DECISIONS,
  type ApplicantCredentials,
  type CredentialOverview,
  type CredentialReview,
  type DocumentDownload,
  type ReviewDecision,
} from '@app/contracts';
import { AnalysisRecordResponseDto, EvaluationResponseDto } from '../../analysis/dto/analysis-response.dto';
import { CredentialResponseDto } from './credential-response.dto';

export class CredentialReviewResponseDto implements CredentialReview {
  @ApiProperty({ enum: REVIEW_DECISIONS }) decision!: ReviewDecision;
  @ApiProperty({ type: Number, nullable: true, description: 'Verified: the quarter credits awarded' }) awardedCredits!:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: "Verified: the evaluator's note" }) note!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Rejected: the reason the applicant sees' })
  rejectionReason!: string | null;
  @ApiProperty({ format: 'date-time' }) decidedAt!: string;
}

export class CredentialOverviewResponseDto extends CredentialResponseDto implements CredentialOverview {
  @ApiProperty({ type: EvaluationResponseDto, nullable: true, description: 'Completed credentials only' })
  evaluation!: EvaluationResponseDto | null;
  @ApiProperty({
    type: [AnalysisRecordResponseDto],
    description: 'Analyzing credentials only: the phases stored so far',
  })
  analyses!: AnalysisRecordResponseDto[];
  @ApiProperty({ type: CredentialReviewResponseDto, nullable: true }) review!: CredentialReviewResponseDto | null;
}

export class ApplicantCredentialsResponseDto implements ApplicantCredentials {
  @ApiProperty({ type: String, nullable: true, description: 'The signed-in email; null while anonymous' }) email!:
    string | null;
  @ApiProperty({ type: [CredentialOverviewResponseDto], description: 'Newest first' })
  credentials!: CredentialOverviewResponseDto[];
}

export class DocumentDownloadResponseDto implements DocumentDownload {
  @ApiProperty({ description: 'Presigned GET; downloads as an attachment with the type checked at registration' })
  url!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
}
