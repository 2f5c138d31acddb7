import { ApiProperty } from '@nestjs/swagger';
import { ENROLLMENT_STATUSES, PAYMENT_TYPES, TRAINING_NAMES, type Enrollment } from '@app/contracts';

export class EnrollmentResponseDto implements Enrollment {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() studentName!: string;
  @ApiProperty() studentEmail!: string;
  @ApiProperty({ enum: TRAINING_NAMES }) trainingName!: Enrollment['trainingName'];
  @ApiProperty({ format: 'uuid', type: String, nullable: true }) cohortId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2027-03', description: "The cohort's start month, joined" })
  cohortMonth!: string | null;
  @ApiProperty({ enum: PAYMENT_TYPES }) paymentType!: Enrollment['paymentType'];
  @ApiProperty({ description: 'Integer US cents paid so far' }) paymentAmount!: number;
  @ApiProperty({ enum: ENROLLMENT_STATUSES }) enrollmentStatus!: Enrollment['enrollmentStatus'];
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ description: 'true for enrollments an admin entered by hand' }) isManualEntry!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'A later installment of the payment plan was declined (see the notes)' })
  pastDue!: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Installment plans paid at checkout: installments paid so far',
  })
  installmentsPaid!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Installment plans paid at checkout: installments in all' })
  installmentsTotal!: number | null;
}
