import { ApiProperty } from '@nestjs/swagger';
import { TRAINING_NAMES, type CreateCohortRequest, type TrainingName } from '@app/contracts';
import { cohortFieldError, MAX_COHORT_CAPACITY } from '@app/domain';
import { IsOptional } from 'class-validator';
import { FormRule } from '../../common/form-rule.decorator';

/** The Create Cohort form's fields, checked by its rule in libs/domain (`cohortFormSchema`), as the panel checks them. */
export class CreateCohortDto implements CreateCohortRequest {
  @ApiProperty({ enum: TRAINING_NAMES, description: 'One of the three fixed trainings' })
  @FormRule((value) => cohortFieldError('trainingName', value))
  trainingName!: TrainingName;

  @ApiProperty({
    example: '2027-03',
    description: 'Start month as YYYY-MM: a real month (01-12), year 2000-2100; unique per training',
  })
  @FormRule((value) => cohortFieldError('cohortMonth', value))
  cohortMonth!: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: Number,
    minimum: 0,
    maximum: MAX_COHORT_CAPACITY,
    description: 'Seats for sale; omit or null for no limit',
  })
  @IsOptional()
  @FormRule((value) => cohortFieldError('capacity', value))
  capacity?: number | null;
}
