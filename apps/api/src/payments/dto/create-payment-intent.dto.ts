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
import { bundlePurchaseFieldError, singlePurchaseFieldError } from '@app/domain';
import { FormRule } from '../../common/form-rule.decorator';

/**
 * The checkout's purchase bodies, checked by their rules in libs/domain (`checkout-form.ts`). No amount field: the server prices the purchase, and an extra field is refused (forbidNonWhitelisted).
 */
export class CreatePaymentIntentDto implements CreatePaymentIntentRequest {
  @ApiProperty({ enum: TRAINING_NAMES })
  @FormRule((value) => singlePurchaseFieldError('trainingName', value))
  trainingName!: TrainingName;

  @ApiProperty({
    enum: PAYMENT_TYPES,
    description: 'full charges the full price; 3month/6month charge the first monthly installment and save the card',
  })
  @FormRule((value) => singlePurchaseFieldError('paymentType', value))
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
  @FormRule((value) => bundlePurchaseFieldError('trainings', value))
  trainings!: TrainingName[];

  @ApiProperty({ enum: BUNDLE_PAYMENT_TYPES, description: 'bundle-2 or bundle-3; bundles are paid in full' })
  @FormRule((value) => bundlePurchaseFieldError('paymentType', value))
  paymentType!: BundlePaymentType;
}
