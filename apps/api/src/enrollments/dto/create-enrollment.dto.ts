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
import { isValidEmail, MAX_EMAIL_LENGTH } from '@app/domain';
import { Transform } from 'class-transformer';
import {
  Equals,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The largest amount accepted: $1,000,000.00, far above any price, well inside a PostgreSQL integer. */
export const MAX_PAYMENT_AMOUNT_CENTS = 100_000_000;

export class CreateEnrollmentDto implements CreateEnrollmentRequest {
  @ApiProperty({ example: 'Ada Lovelace', maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'studentName is required' })
  @IsNotEmpty({ message: 'studentName is required' })
  @MaxLength(200)
  studentName!: string;

  @ApiProperty({ example: 'ada@example.com', maxLength: MAX_EMAIL_LENGTH })
  @Transform(trim)
  @ValidateBy({
    name: 'isValidEmail',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isValidEmail(value),
      defaultMessage: () => 'studentEmail must be a valid email address',
    },
  })
  studentEmail!: string;

  @ApiProperty({ enum: TRAINING_NAMES })
  @IsIn(TRAINING_NAMES, { message: `trainingName must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainingName!: TrainingName;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'A cohort of the same training, or null for none',
  })
  @IsOptional()
  @IsUUID('all', { message: 'cohortId must be a cohort id or null' })
  cohortId!: string | null;

  @ApiProperty({ enum: PAYMENT_TYPES })
  @IsIn(PAYMENT_TYPES, { message: `paymentType must be one of: ${PAYMENT_TYPES.join(', ')}` })
  paymentType!: PaymentType;

  @ApiProperty({
    example: 199500,
    minimum: 0,
    maximum: MAX_PAYMENT_AMOUNT_CENTS,
    description:
      'Amount paid, in integer US cents ($1,995.00 is 199500). The web form takes dollars as typed and sends 0 for a ' +
      'non-numeric entry, as the spec says; the API itself refuses anything but a whole number of cents >= 0.',
  })
  @IsInt({ message: 'paymentAmount must be a whole number of cents' })
  @Min(0, { message: 'paymentAmount must not be negative' })
  @Max(MAX_PAYMENT_AMOUNT_CENTS, { message: `paymentAmount must be at most ${MAX_PAYMENT_AMOUNT_CENTS} cents` })
  paymentAmount!: number;

  @ApiProperty({ enum: ENROLLMENT_STATUSES, example: 'active' })
  @IsIn(ENROLLMENT_STATUSES, { message: `enrollmentStatus must be one of: ${ENROLLMENT_STATUSES.join(', ')}` })
  enrollmentStatus!: EnrollmentStatus;

  @ApiProperty({ type: String, nullable: true, maxLength: 2000, required: false })
  @IsOptional()
  @IsString({ message: 'notes must be text or null' })
  @MaxLength(2000)
  notes!: string | null;

  @ApiProperty({ enum: [true], description: 'Always true: this endpoint records manual entries only' })
  @Equals(true, { message: 'isManualEntry must be true' })
  isManualEntry!: true;
}
