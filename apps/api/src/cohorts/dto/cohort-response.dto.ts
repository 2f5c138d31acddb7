import { ApiProperty } from '@nestjs/swagger';
import type { Cohort } from '@app/contracts';

export class CohortResponseDto implements Cohort {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['Psychosomatic Practitioner', 'Parts Therapy Practitioner', 'Resilient Child Training'] })
  trainingName!: Cohort['trainingName'];
  @ApiProperty({ example: '2027-03', description: 'Start month, YYYY-MM' }) cohortMonth!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
