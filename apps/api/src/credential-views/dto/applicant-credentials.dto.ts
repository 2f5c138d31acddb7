import { ApiProperty } from '@nestjs/swagger';
import type { ApplicantRecords, CredentialOverview } from '@app/contracts';
import { AnalysisRecordResponseDto, EvaluationResponseDto } from '../../analysis/dto/analysis-response.dto';
import { CredentialResponseDto } from '../../credentials/dto/credential-response.dto';
import { CredentialReviewResponseDto } from '../../reviews/dto/review.dto';
import { ApiNullableProperty } from '../../common/api-nullable.decorator';

export class CredentialOverviewResponseDto extends CredentialResponseDto implements CredentialOverview {
  @ApiNullableProperty(EvaluationResponseDto, { description: 'Completed credentials only' })
  evaluation!: EvaluationResponseDto | null;
  @ApiProperty({
    type: [AnalysisRecordResponseDto],
    description: 'Analyzing credentials only: the phases stored so far',
  })
  analyses!: AnalysisRecordResponseDto[];
  @ApiNullableProperty(CredentialReviewResponseDto) review!: CredentialReviewResponseDto | null;
}

export class ApplicantRecordsResponseDto implements ApplicantRecords {
  @ApiProperty({ type: String, nullable: true, description: 'The signed-in email; null while anonymous' })
  email!: string | null;

  @ApiProperty({
    type: [CredentialOverviewResponseDto],
    description: 'Newest first, as GET /api/credentials lists them',
  })
  credentials!: CredentialOverviewResponseDto[];
}
