import { ApiProperty } from '@nestjs/swagger';
import {
  ENROLLMENT_STATUSES,
  PAYMENT_TYPES,
  TRAINING_NAMES,
  type CreateEnrollmentRequest,
  type EnrollmentStatus,
  type PaymentType,
  type TrainingName,
} from '@app/contracts';
import {
  enrollmentFieldError,
  MAX_EMAIL_LENGTH,
  MAX_ENROLLMENT_NOTES_LENGTH,
  MAX_PAYMENT_AMOUNT_CENTS,
  MAX_STUDENT_NAME_LENGTH,
  type EnrollmentFormField,
} from '@app/domain';
import { Transform } from 'class-transformer';
import { FormRule, trimText as trim } from '../../common/form-rule.decorator';

/**
 * Checks one property by the shared enrollment form rule (libs/domain `enrollmentFormSchema`), which the admin
 * panel's action runs too, and reports that rule's message on the property.
 */
export function EnrollmentFormRule(field: EnrollmentFormField): PropertyDecorator {
  return FormRule((value) => enrollmentFieldError(field, value));
}

/** The decorators below describe the fields for OpenAPI; the rules themselves are the shared schema's. */
export class CreateEnrollmentDto implements CreateEnrollmentRequest {
  @ApiProperty({ example: 'Ada Lovelace', maxLength: MAX_STUDENT_NAME_LENGTH })
  @Transform(trim)
  @EnrollmentFormRule('studentName')
  studentName!: string;

  @ApiProperty({ example: 'ada@example.com', maxLength: MAX_EMAIL_LENGTH })
  @Transform(trim)
  @EnrollmentFormRule('studentEmail')
  studentEmail!: string;

  @ApiProperty({ enum: TRAINING_NAMES })
  @EnrollmentFormRule('trainingName')
  trainingName!: TrainingName;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'A cohort of the same training, or null for none',
  })
  @EnrollmentFormRule('cohortId')
  cohortId!: string | null;

  @ApiProperty({ enum: PAYMENT_TYPES })
  @EnrollmentFormRule('paymentType')
  paymentType!: PaymentType;

  @ApiProperty({
    example: 199500,
    minimum: 0,
    maximum: MAX_PAYMENT_AMOUNT_CENTS,
    description:
      'Amount paid, in integer US cents ($1,995.00 is 199500). The web form takes dollars as typed and sends 0 for a ' +
      'non-numeric entry, as the spec says; the API itself refuses anything but a whole number of cents >= 0.',
  })
  @EnrollmentFormRule('paymentAmount')
  paymentAmount!: number;

  @ApiProperty({ enum: ENROLLMENT_STATUSES, example: 'active' })
  @EnrollmentFormRule('enrollmentStatus')
  enrollmentStatus!: EnrollmentStatus;

  @ApiProperty({ type: String, nullable: true, maxLength: MAX_ENROLLMENT_NOTES_LENGTH, required: false })
  @EnrollmentFormRule('notes')
  notes!: string | null;

  @ApiProperty({ enum: [true], description: 'Always true: this endpoint records manual entries only' })
  @EnrollmentFormRule('isManualEntry')
  isManualEntry!: true;
}
