import { ApiPropertyOptional } from '@nestjs/swagger';
import { TRAINING_NAMES, type EnrollmentFilters, type TrainingName } from '@app/contracts';
import { IsIn, IsOptional } from 'class-validator';
import { calendarDate } from './calendar-date.validator';

export class ListEnrollmentsQueryDto implements EnrollmentFilters {
  @ApiPropertyOptional({ enum: TRAINING_NAMES, description: 'Only enrollments in this training' })
  @IsOptional()
  @IsIn(TRAINING_NAMES, { message: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainingName?: TrainingName;

  @ApiPropertyOptional({
    example: '2027-01-01',
    description: 'Only enrollments created on or after this day (YYYY-MM-DD, inclusive, the whole UTC day)',
  })
  @IsOptional()
  @calendarDate('startDate')
  startDate?: string;

  @ApiPropertyOptional({
    example: '2027-01-31',
    description: 'Only enrollments created on or before this day (YYYY-MM-DD, inclusive: up to 23:59:59.999 UTC)',
  })
  @IsOptional()
  @calendarDate('endDate')
  endDate?: string;
}
