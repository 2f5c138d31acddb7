import { ApiProperty } from '@nestjs/swagger';
import {
  TRAINING_NAMES,
  type BundleTrainingSelection,
  type TrainingName,
  type UpdateBundlePaymentIntentRequest,
  type UpdatePaymentIntentRequest,
} from '@app/contracts';
import { MAX_EMAIL_LENGTH } from '@app/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** The buyer's details, common to the single and the bundle update. */
abstract class BuyerDetailsDto {
  @ApiProperty({ description: 'The id returned by create-payment-intent or create-bundle-payment-intent' })
  @IsString()
  @Length(1, 255)
  paymentIntentId!: string;

  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  customerName!: string;

  @ApiProperty({ maxLength: MAX_EMAIL_LENGTH })
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  customerEmail!: string;

  @ApiProperty({
    required: false,
    nullable: true,
    type: String,
    maxLength: 40,
    description: 'A promotion code (any case); the API prices the purchase with it. Empty or absent: none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  promotionCode?: string | null;
}

export class UpdatePaymentIntentDto extends BuyerDetailsDto implements UpdatePaymentIntentRequest {
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Required when the training has cohorts' })
  @IsOptional()
  @IsUUID('all', { message: 'cohortId must be a cohort id' })
  cohortId!: string | null;
}

export class BundleTrainingSelectionDto implements BundleTrainingSelection {
  @ApiProperty({ enum: TRAINING_NAMES })
  @IsIn(TRAINING_NAMES, { message: `each training must be one of: ${TRAINING_NAMES.join(', ')}` })
  name!: TrainingName;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Required when the training has cohorts' })
  @IsOptional()
  @IsUUID('all', { message: 'cohortId must be a cohort id' })
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
