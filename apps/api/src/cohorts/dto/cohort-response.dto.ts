import { ApiProperty } from '@nestjs/swagger';
import type { Cohort } from '@app/contracts';

export class CohortResponseDto implements Cohort {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['Psychosomatic Practitioner', 'Parts Therapy Practitioner', 'Resilient Child Training'] })
  trainingName!: Cohort['trainingName'];
  @ApiProperty({ example: '2027-03', description: 'Start month, YYYY-MM' }) cohortMonth!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Seats for sale; null for no limit' }) capacity!:
    number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Seats still for sale; null for no limit' }) seatsLeft!:
    number | null;
}
