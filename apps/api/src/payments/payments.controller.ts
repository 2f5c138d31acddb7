import { Body, Controller, Get, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { CreateBundlePaymentIntentDto, CreatePaymentIntentDto } from './dto/create-payment-intent.dto';
import {
  PaymentConfigResponseDto,
  PaymentIntentResponseDto,
  PaymentIntentSummaryDto,
  PaymentPlanResponseDto,
  ReconcilePaymentDto,
  ReconcilePaymentResponseDto,
  TestModeConfirmDto,
  TestModeConfirmResponseDto,
} from './dto/payment-misc.dto';
import { UpdateBundlePaymentIntentDto, UpdatePaymentIntentDto } from './dto/update-payment-intent.dto';
import { CohortsService } from '../cohorts/cohorts.service';
import { TrainingsService } from '../trainings/trainings.service';
import { CheckoutService } from './checkout.service';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { PaymentsWebhookService } from './payments-webhook.service';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly confirmation: PaymentConfirmationService,
    private readonly webhooks: PaymentsWebhookService,
    private readonly trainings: TrainingsService,
    private readonly cohorts: CohortsService,
  ) {}

  @Get('payment-plan')
  @ApiOperation({
    summary: 'The payment plan page in one response: training and bundle prices, cohorts, payment config',
  })
  @ApiOkResponse({ type: PaymentPlanResponseDto })
  async paymentPlan(): Promise<PaymentPlanResponseDto> {
    const [trainings, bundles, cohorts] = await Promise.all([
      this.trainings.listTrainingPricing(),
      this.trainings.listBundlePricing(),
      this.cohorts.list(),
    ]);
    return { trainings, bundles, cohorts, config: this.checkout.paymentConfig() };
  }

  @Get('payments/config')
  @ApiOperation({ summary: 'Whether payments run in test mode, and the Stripe publishable key otherwise' })
  @ApiOkResponse({ type: PaymentConfigResponseDto })
  config(): PaymentConfigResponseDto {
    return this.checkout.paymentConfig();
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts paying for one training; the server computes the amount from the price table' })
  @ApiOkResponse({ type: PaymentIntentResponseDto })
  @ApiBadRequestResponse({ description: 'Unknown training, wrong plan, or an extra field such as amount' })
  create(@Body() dto: CreatePaymentIntentDto): Promise<PaymentIntentResponseDto> {
    return this.checkout.createSingle(dto.trainingName, dto.paymentType);
  }

  @Post('create-bundle-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts paying for a bundle of 2 or 3 different trainings, paid in full' })
  @ApiOkResponse({ type: PaymentIntentResponseDto })
  @ApiBadRequestResponse({
    description: 'Unknown, duplicate or wrong number of trainings, or a plan other than bundle-2/bundle-3',
  })
  createBundle(@Body() dto: CreateBundlePaymentIntentDto): Promise<PaymentIntentResponseDto> {
    return this.checkout.createBundle(dto.trainings, dto.paymentType);
  }

  @Post('update-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: "Stores the buyer and the cohort on a single training's payment" })
  @ApiOkResponse({ type: PaymentIntentSummaryDto })
  @ApiBadRequestResponse({ description: 'Missing name or email, or a cohort missing or not of this training' })
  @ApiConflictResponse({ description: 'The payment is already confirmed: its buyer details can no longer change' })
  update(@Body() dto: UpdatePaymentIntentDto): Promise<PaymentIntentSummaryDto> {
    return this.checkout.updateSingle(dto);
  }

  @Post('update-bundle-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: "Stores the buyer and each training's cohort on a bundle payment" })
  @ApiOkResponse({ type: PaymentIntentSummaryDto })
  @ApiBadRequestResponse({ description: 'Missing name or email, other trainings than at creation, or a bad cohort' })
  @ApiConflictResponse({ description: 'The payment is already confirmed: its buyer details can no longer change' })
  updateBundle(@Body() dto: UpdateBundlePaymentIntentDto): Promise<PaymentIntentSummaryDto> {
    return this.checkout.updateBundle(dto);
  }

  @Post('payments/reconcile')
  @HttpCode(200)
  @ApiOperation({ summary: "The success page's check: enrolls the buyer if the provider says the payment succeeded" })
  @ApiOkResponse({ type: ReconcilePaymentResponseDto })
  reconcile(@Body() dto: ReconcilePaymentDto): Promise<ReconcilePaymentResponseDto> {
    return this.confirmation.reconcile(dto.paymentIntentId);
  }

  @Post('payments/test-mode/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Test mode only (no Stripe keys): pays with a test card; 4242 4242 4242 4242 succeeds' })
  @ApiOkResponse({ type: TestModeConfirmResponseDto })
  @ApiBadRequestResponse({
    description: 'A card number failing its checksum, an expiry not MM/YY or in the past, or a CVC not 3-4 digits',
  })
  confirmTestMode(@Body() dto: TestModeConfirmDto): Promise<TestModeConfirmResponseDto> {
    return this.confirmation.confirmTestMode(dto.paymentIntentId, {
      cardNumber: dto.cardNumber,
      expiry: dto.expiry,
      cvc: dto.cvc,
    });
  }

  @Post('payments/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  webhook(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true }> {
    return this.webhooks.handle(request.rawBody, signature);
  }
}
