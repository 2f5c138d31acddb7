import { ApiProperty } from '@nestjs/swagger';
import { TRAINING_NAMES, type CreateCohortRequest, type TrainingName } from '@app/contracts';
import { isCohortMonth } from '@app/domain';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateBy } from 'class-validator';

export class CreateCohortDto implements CreateCohortRequest {
  @ApiProperty({ enum: TRAINING_NAMES, description: 'One of the three fixed trainings' })
  @IsIn(TRAINING_NAMES, { message: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainingName!: TrainingName;

  @ApiProperty({
    example: '2027-03',
    description: 'Start month as YYYY-MM: a real month (01-12), year 2000-2100; unique per training',
  })
  @IsString({ message: 'cohortMonth must be YYYY-MM' })
  @ValidateBy({
    name: 'isCohortMonth',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isCohortMonth(value),
      defaultMessage: () => 'cohortMonth must be a real month as YYYY-MM (e.g. 2027-03)',
    },
  })
  cohortMonth!: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: Number,
    minimum: 0,
    maximum: 10000,
    description: 'Seats for sale; omit or null for no limit',
  })
  @IsOptional()
  @IsInt({ message: 'capacity must be a whole number of seats' })
  @Min(0, { message: 'capacity must not be negative' })
  @Max(10000, { message: 'capacity must be at most 10000' })
  capacity?: number | null;
}
