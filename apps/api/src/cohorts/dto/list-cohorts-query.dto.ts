import { ApiPropertyOptional } from '@nestjs/swagger';
import { TRAINING_NAMES, type TrainingName } from '@app/contracts';
import { IsIn, IsOptional } from 'class-validator';

export class ListCohortsQueryDto {
  @ApiPropertyOptional({ enum: TRAINING_NAMES, description: 'Only the cohorts of this training' })
  @IsOptional()
  @IsIn(TRAINING_NAMES, { message: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainingName?: TrainingName;
}
