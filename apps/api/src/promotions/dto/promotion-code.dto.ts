import { ApiProperty } from '@nestjs/swagger';
import {
  PROMOTION_DISCOUNT_TYPES,
  PROMOTION_PURCHASE_KINDS,
  TRAINING_NAMES,
  type PromotionCode,
  type PromotionDiscountType,
  type PromotionPurchaseKind,
  type SavePromotionCodeRequest,
  type TrainingName,
} from '@app/contracts';
import { Allow, IsUUID } from 'class-validator';

/** The fields are checked together by the shared form schema (libs/domain `parsePromotionForm`) in the service. */
export class SavePromotionCodeDto implements SavePromotionCodeRequest {
  @ApiProperty({ example: 'SPRING20', description: '3 to 40 letters, digits, - or _; unique whatever the case' })
  @Allow()
  code!: string;

  @ApiProperty({ enum: PROMOTION_DISCOUNT_TYPES })
  @Allow()
  discountType!: PromotionDiscountType;

  @ApiProperty({ required: false, nullable: true, type: Number, description: 'Whole percent 1-100 (percent codes)' })
  @Allow()
  percentOff?: number | null;

  @ApiProperty({ required: false, nullable: true, type: Number, description: 'Integer cents off (fixed codes)' })
  @Allow()
  amountOffCents?: number | null;

  @ApiProperty({ enum: TRAINING_NAMES, isArray: true, description: 'Empty for every training' })
  @Allow()
  trainings!: TrainingName[];

  @ApiProperty({ enum: PROMOTION_PURCHASE_KINDS, isArray: true, description: 'At least one' })
  @Allow()
  purchaseKinds!: PromotionPurchaseKind[];

  @ApiProperty({ required: false, nullable: true, type: String, example: '2027-03-01', description: 'UTC day' })
  @Allow()
  validFrom?: string | null;

  @ApiProperty({
    required: false,
    nullable: true,
    type: String,
    example: '2027-03-31',
    description: 'UTC day, inclusive',
  })
  @Allow()
  validUntil?: string | null;

  @ApiProperty({ required: false, nullable: true, type: Number, description: 'Paid uses in all; null for no limit' })
  @Allow()
  maxUses?: number | null;

  @ApiProperty()
  @Allow()
  oncePerEmail!: boolean;

  @ApiProperty()
  @Allow()
  active!: boolean;
}

export class PromotionCodeDto implements PromotionCode {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ enum: PROMOTION_DISCOUNT_TYPES }) discountType!: PromotionDiscountType;
  @ApiProperty({ nullable: true, type: Number }) percentOff!: number | null;
  @ApiProperty({ nullable: true, type: Number }) amountOffCents!: number | null;
  @ApiProperty({ enum: TRAINING_NAMES, isArray: true }) trainings!: TrainingName[];
  @ApiProperty({ enum: PROMOTION_PURCHASE_KINDS, isArray: true }) purchaseKinds!: PromotionPurchaseKind[];
  @ApiProperty({ nullable: true, type: String }) validFrom!: string | null;
  @ApiProperty({ nullable: true, type: String }) validUntil!: string | null;
  @ApiProperty({ nullable: true, type: Number }) maxUses!: number | null;
  @ApiProperty() oncePerEmail!: boolean;
  @ApiProperty() active!: boolean;
  @ApiProperty({ description: 'Paid purchases that used it' }) uses!: number;
  @ApiProperty({ description: 'Integer cents the paid purchases were given' }) discountGivenCents!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class PromotionCodeIdParamDto {
  @ApiProperty({ format: 'uuid', description: 'The promotion code id' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
