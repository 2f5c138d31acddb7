import { ApiProperty } from '@nestjs/swagger';
import {
  BILLING_STATUS_VALUES,
  type AdminPanelView,
  type PaymentChargeView,
  type PaymentView,
  type RefundView,
} from '@app/contracts';
import { CohortResponseDto } from '../../cohorts/dto/cohort-response.dto';
import { EnrollmentResponseDto } from './enrollment-response.dto';
import { ApiNullableProperty } from '../../common/api-nullable.decorator';

/** The spec's enrollment (with the plan's installment counts) and its money. */
export class EnrollmentRowDto extends EnrollmentResponseDto {
  @ApiProperty({
    enum: BILLING_STATUS_VALUES,
    description: 'refunded > cancelled > past_due > paid (nothing left to charge) > active',
  })
  billingStatus!: (typeof BILLING_STATUS_VALUES)[number];
  @ApiProperty({ description: 'Integer cents charged less refunded' }) paidCents!: number;
  @ApiProperty({ description: 'Integer cents refunded' }) refundedCents!: number;
  @ApiProperty({ description: 'Integer cents the purchase costs in all' }) totalCents!: number;
  @ApiProperty({ description: 'Integer cents still to be charged; 0 once cancelled or refunded' })
  balanceCents!: number;
  @ApiProperty({ type: String, nullable: true, example: '2 of 6 paid' }) progressLabel!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) nextChargeAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The payment's promotion code" }) promotionCode!:
    string | null;
  @ApiProperty({ description: 'Integer cents the code took off the payment' }) discountCents!: number;
}

export class EnrollmentPageDto {
  @ApiProperty({ type: [EnrollmentRowDto] }) rows!: EnrollmentRowDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty({ example: 50 }) pageSize!: number;
  @ApiProperty() pageCount!: number;
}

export class AdminPanelViewDto implements AdminPanelView {
  @ApiProperty({ type: EnrollmentPageDto }) enrollments!: EnrollmentPageDto;
  @ApiProperty({ type: [CohortResponseDto], description: 'Every cohort, as GET /api/admin/cohorts lists them' })
  cohorts!: CohortResponseDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The cohort the page is filtered by; null when none was asked for or it was not one to filter by',
  })
  cohortId!: string | null;
}

class PaymentChargeDto implements PaymentChargeView {
  @ApiProperty() installmentNumber!: number;
  @ApiProperty() amountCents!: number;
  @ApiProperty({ enum: ['processing', 'succeeded', 'failed'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: "Stripe's payment intent id of this charge" })
  providerPaymentId!: string | null;
  @ApiProperty({ type: String, nullable: true }) failureMessage!: string | null;
  @ApiProperty({ format: 'date-time' }) chargedAt!: string;
}

class UpcomingInstallmentDto {
  @ApiProperty() installmentNumber!: number;
  @ApiProperty() amountCents!: number;
  @ApiProperty({ format: 'date-time' }) dueAt!: string;
}

class RefundDto implements RefundView {
  @ApiProperty() providerRefundId!: string;
  @ApiProperty() providerPaymentId!: string;
  @ApiProperty() amountCents!: number;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

class PaymentViewDto implements PaymentView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['stripe', 'test'] }) provider!: string;
  @ApiProperty() providerPaymentId!: string;
  @ApiProperty({ type: String, nullable: true }) providerCustomerId!: string | null;
  @ApiProperty() paymentType!: string;
  @ApiProperty() status!: string;
  @ApiProperty() planStatus!: string;
  @ApiProperty() amountCents!: number;
  @ApiProperty() installmentsTotal!: number;
  @ApiProperty() installmentsPaid!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) nextInstallmentAt!: string | null;
  @ApiProperty({ type: [PaymentChargeDto] }) charges!: PaymentChargeDto[];
  @ApiProperty({ type: [UpcomingInstallmentDto] }) upcoming!: UpcomingInstallmentDto[];
  @ApiProperty({ type: [RefundDto] }) refunds!: RefundDto[];
  @ApiProperty({ description: "Integer cents left to refund on the payment's charges" }) refundableCents!: number;
  @ApiProperty({ nullable: true, type: String, description: 'The promotion code used, or null' })
  promotionCode!: string | null;
  @ApiProperty({ description: 'Integer cents the code took off the whole purchase' }) discountCents!: number;
}

export class EnrollmentDetailDto {
  @ApiProperty({ type: EnrollmentRowDto }) enrollment!: EnrollmentRowDto;
  @ApiNullableProperty(PaymentViewDto, { description: 'null for a manual entry' })
  payment!: PaymentViewDto | null;
}
