import { ApiProperty } from '@nestjs/swagger';
import {
  TRAINING_NAMES,
  type BundleTrainingSelection,
  type TrainingName,
  type UpdateBundlePaymentIntentRequest,
  type UpdatePaymentIntentRequest,
} from '@app/contracts';
import {
  bundleSlotFieldError,
  checkoutBuyerFieldError,
  MAX_CUSTOMER_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PAYMENT_INTENT_ID_LENGTH,
  MAX_PROMOTION_CODE_INPUT_LENGTH,
} from '@app/domain';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { FormRule, trimText } from '../../common/form-rule.decorator';

/** The buyer's details, common to the single and the bundle update; each checked by `checkout-form.ts` in libs/domain. */
abstract class BuyerDetailsDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_PAYMENT_INTENT_ID_LENGTH,
    description: 'The id returned by create-payment-intent or create-bundle-payment-intent',
  })
  @FormRule((value) => checkoutBuyerFieldError('paymentIntentId', value))
  paymentIntentId!: string;

  @ApiProperty({ maxLength: MAX_CUSTOMER_NAME_LENGTH })
  @Transform(trimText)
  @FormRule((value) => checkoutBuyerFieldError('customerName', value))
  customerName!: string;

  @ApiProperty({ maxLength: MAX_EMAIL_LENGTH })
  @Transform(trimText)
  @FormRule((value) => checkoutBuyerFieldError('customerEmail', value))
  customerEmail!: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: String,
    maxLength: MAX_PROMOTION_CODE_INPUT_LENGTH,
    description: 'A promotion code (any case); the API prices the purchase with it. Empty or absent: none',
  })
  @IsOptional()
  @FormRule((value) => checkoutBuyerFieldError('promotionCode', value))
  promotionCode?: string | null;
}

export class UpdatePaymentIntentDto extends BuyerDetailsDto implements UpdatePaymentIntentRequest {
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Required when the training has cohorts' })
  @IsOptional()
  @FormRule((value) => checkoutBuyerFieldError('cohortId', value))
  cohortId!: string | null;
}

export class BundleTrainingSelectionDto implements BundleTrainingSelection {
  @ApiProperty({ enum: TRAINING_NAMES })
  @FormRule((value) => bundleSlotFieldError('name', value))
  name!: TrainingName;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Required when the training has cohorts' })
  @IsOptional()
  @FormRule((value) => bundleSlotFieldError('cohortId', value))
  cohortId!: string | null;
}

export class UpdateBundlePaymentIntentDto extends BuyerDetailsDto implements UpdateBundlePaymentIntentRequest {
  @ApiProperty({ type: [BundleTrainingSelectionDto], description: 'The same trainings as at creation, with cohorts' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => BundleTrainingSelectionDto)
  trainings!: BundleTrainingSelectionDto[];
}
