import { ApiProperty } from '@nestjs/swagger';
import type { BundlePricing, TrainingPricing } from '@app/contracts';

export class TrainingPricingResponseDto implements TrainingPricing {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['Psychosomatic Practitioner', 'Parts Therapy Practitioner', 'Resilient Child Training'] })
  trainingName!: TrainingPricing['trainingName'];
  @ApiProperty({ description: 'Price when paying in full, integer cents' }) fullPaymentPrice!: number;
  @ApiProperty({ description: 'Saving of paying in full against the 6-month plan total, integer cents' })
  fullPaymentDiscount!: number;
  @ApiProperty({ description: 'Monthly installment of the 3-month plan, integer cents' }) threeMonthPrice!: number;
  @ApiProperty({ description: 'Monthly installment of the 6-month plan, integer cents' }) sixMonthPrice!: number;
}

export class BundlePricingResponseDto implements BundlePricing {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['2-training', '3-training'] }) bundleType!: BundlePricing['bundleType'];
  @ApiProperty({
    description: 'For the 2-training bundle: whether this price applies when Psychosomatic Practitioner is included',
  })
  requiresPsychosomatic!: boolean;
  @ApiProperty({ description: 'Bundle total, paid in full, integer cents' }) bundlePrice!: number;
}
