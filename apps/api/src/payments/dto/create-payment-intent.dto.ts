import { ApiProperty } from '@nestjs/swagger';
import {
  BUNDLE_PAYMENT_TYPES,
  PAYMENT_TYPES,
  TRAINING_NAMES,
  type BundlePaymentType,
  type CreateBundlePaymentIntentRequest,
  type CreatePaymentIntentRequest,
  type PaymentType,
  type TrainingName,
} from '@app/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn } from 'class-validator';

const TRAINING_MESSAGE = `trainingName must be one of: ${TRAINING_NAMES.join(', ')}`;

/** No amount field: the server prices the purchase, and an extra field is refused (forbidNonWhitelisted). */
export class CreatePaymentIntentDto implements CreatePaymentIntentRequest {
  @ApiProperty({ enum: TRAINING_NAMES })
  @IsIn(TRAINING_NAMES, { message: TRAINING_MESSAGE })
  trainingName!: TrainingName;

  @ApiProperty({
    enum: PAYMENT_TYPES,
    description: 'full charges the full price; 3month/6month charge the first monthly installment and save the card',
  })
  @IsIn(PAYMENT_TYPES, { message: `paymentType must be one of: ${PAYMENT_TYPES.join(', ')}` })
  paymentType!: PaymentType;
}

export class CreateBundlePaymentIntentDto implements CreateBundlePaymentIntentRequest {
  @ApiProperty({
    enum: TRAINING_NAMES,
    isArray: true,
    minItems: 2,
    maxItems: 3,
    description: '2 or 3 different trainings',
  })
  @IsArray({ message: 'trainings must be a list of 2 or 3 trainings' })
  @ArrayMinSize(2, { message: 'A bundle needs 2 or 3 trainings' })
  @ArrayMaxSize(3, { message: 'A bundle needs 2 or 3 trainings' })
  @IsIn(TRAINING_NAMES, { each: true, message: `each training must be one of: ${TRAINING_NAMES.join(', ')}` })
  trainings!: TrainingName[];

  @ApiProperty({ enum: BUNDLE_PAYMENT_TYPES, description: 'bundle-2 or bundle-3; bundles are paid in full' })
  @IsIn(BUNDLE_PAYMENT_TYPES, {
    message: `paymentType must be one of: ${BUNDLE_PAYMENT_TYPES.join(', ')} (bundles are paid in full)`,
  })
  paymentType!: BundlePaymentType;
}
