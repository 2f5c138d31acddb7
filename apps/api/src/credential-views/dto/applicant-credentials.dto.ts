import { ApiProperty } from '@nestjs/swagger';
import type { CredentialOverview } from '@app/contracts';
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
