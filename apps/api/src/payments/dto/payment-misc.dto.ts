import { ApiProperty } from '@nestjs/swagger';
import type {
  AppliedPromotion,
  FreeCheckoutRequest,
  FreeCheckoutResponse,
  PaymentConfigResponse,
  PaymentIntentResponse,
  PaymentPlanResponse,
  PaymentIntentSummary,
  ReconcilePaymentRequest,
  ReconcilePaymentResponse,
  TestModeConfirmRequest,
  TestModeConfirmResponse,
} from '@app/contracts';
import { IsString, Length, MaxLength } from 'class-validator';
import { CohortResponseDto } from '../../cohorts/dto/cohort-response.dto';
import { BundlePricingResponseDto, TrainingPricingResponseDto } from '../../trainings/dto/pricing-response.dto';
import { ApiNullableProperty } from '../../common/api-nullable.decorator';

export class PaymentIntentResponseDto implements PaymentIntentResponse {
  @ApiProperty({ description: 'For the browser to confirm the payment' }) clientSecret!: string;
  @ApiProperty() paymentIntentId!: string;
  @ApiProperty({ description: 'Integer cents charged now (the first installment for plans), computed by the server' })
  amount!: number;
  @ApiProperty({ description: 'True when the test-mode provider is in use (no Stripe keys)' }) testMode!: boolean;
}

export class AppliedPromotionDto implements AppliedPromotion {
  @ApiProperty() code!: string;
  @ApiProperty({ description: 'Integer cents off the whole purchase' }) discountCents!: number;
  @ApiProperty({ description: 'Integer cents before the discount' }) totalBeforeCents!: number;
  @ApiProperty({ description: 'Integer cents after the discount' }) totalAfterCents!: number;
}

export class PaymentIntentSummaryDto implements PaymentIntentSummary {
  @ApiProperty() paymentIntentId!: string;
  @ApiProperty({ description: 'Integer cents charged now' }) amount!: number;
  @ApiProperty({ description: "The provider's status, e.g. requires_payment_method or succeeded" }) status!: string;
  @ApiProperty({ description: 'Charges in all: 1, 3 or 6' }) installments!: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Integer cents of each later monthly charge; null if paid at once',
  })
  laterInstallmentAmount!: number | null;
  @ApiNullableProperty(AppliedPromotionDto, { description: 'The promotion code applied; null without one' })
  promotion!: AppliedPromotionDto | null;
  @ApiProperty({
    description:
      'Nothing to pay now or later (a promotion code took it all): no card; complete it with POST /api/payments/free-checkout',
  })
  free!: boolean;
}

export class FreeCheckoutDto implements FreeCheckoutRequest {
  @ApiProperty({ description: 'The payment intent of the checkout the promotion code made free' })
  @IsString()
  @Length(1, 255)
  paymentIntentId!: string;
}

export class FreeCheckoutResponseDto implements FreeCheckoutResponse {
  @ApiProperty() paymentIntentId!: string;
  @ApiProperty({ enum: ['succeeded'], description: 'Always succeeded once completed (a repeat answers the same)' })
  status!: string;
  @ApiProperty({ type: [String], description: 'The enrollments of the checkout, one a training' })
  enrollmentIds!: string[];
}

export class PaymentConfigResponseDto implements PaymentConfigResponse {
  @ApiProperty() testMode!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Stripe publishable key; null in test mode' })
  publishableKey!: string | null;
}

export class ReconcilePaymentDto implements ReconcilePaymentRequest {
  @ApiProperty({ description: 'The payment_intent of the success page' })
  @IsString()
  @Length(1, 255)
  paymentIntentId!: string;
}

export class ReconcilePaymentResponseDto implements ReconcilePaymentResponse {
  @ApiProperty({ description: "The provider's status of the payment intent" }) status!: string;
  @ApiProperty({ type: [String], description: 'Enrollments of this payment (empty until it succeeded)' })
  enrollmentIds!: string[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why the authorised payment was cancelled without a charge (a chosen cohort filled up before it could be ' +
      'captured), for the buyer; null otherwise',
  })
  notChargedMessage!: string | null;
}

export class TestModeConfirmDto implements TestModeConfirmRequest {
  @ApiProperty() @IsString() @Length(1, 255) paymentIntentId!: string;
  @ApiProperty({ example: '4242 4242 4242 4242' }) @IsString() @MaxLength(30) cardNumber!: string;
  @ApiProperty({ example: '12/34', description: 'MM/YY (or MM/YYYY), this month or later' })
  @IsString()
  @MaxLength(9)
  expiry!: string;
  @ApiProperty({ example: '123', description: '3 or 4 digits' }) @IsString() @MaxLength(4) cvc!: string;
}

export class TestModeConfirmResponseDto implements TestModeConfirmResponse {
  @ApiProperty() paymentIntentId!: string;
  @ApiProperty({ description: "'succeeded', or 'requires_payment_method' after a decline" }) status!: string;
  @ApiProperty({ nullable: true, type: String, description: 'The decline message' }) message!: string | null;
}

export class PaymentPlanResponseDto implements PaymentPlanResponse {
  @ApiProperty({ type: [TrainingPricingResponseDto] }) trainings!: TrainingPricingResponseDto[];
  @ApiProperty({ type: [BundlePricingResponseDto] }) bundles!: BundlePricingResponseDto[];
  @ApiProperty({ type: [CohortResponseDto] }) cohorts!: CohortResponseDto[];
  @ApiProperty({ type: PaymentConfigResponseDto }) config!: PaymentConfigResponseDto;
}
