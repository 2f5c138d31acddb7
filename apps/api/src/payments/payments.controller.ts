import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, Headers, HttpCode, Ip, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { RawBodyRequest } from '../common/strict-body';
import { CreateBundlePaymentIntentDto, CreatePaymentIntentDto } from './dto/create-payment-intent.dto';
import {
  FreeCheckoutDto,
  FreeCheckoutResponseDto,
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

  @ApiRoute(ROUTES.paymentPlan)
  @ApiOkResponse({ type: PaymentPlanResponseDto })
  async paymentPlan(): Promise<RouteResponse<typeof ROUTES.paymentPlan>> {
    const [trainings, bundles, cohorts] = await Promise.all([
      this.trainings.listTrainingPricing(),
      this.trainings.listBundlePricing(),
      this.cohorts.list(),
    ]);
    return { trainings, bundles, cohorts, config: this.checkout.paymentConfig() };
  }

  @ApiRoute(ROUTES.paymentConfig)
  @ApiOkResponse({ type: PaymentConfigResponseDto })
  config(): RouteResponse<typeof ROUTES.paymentConfig> {
    return this.checkout.paymentConfig();
  }

  @ApiRoute(ROUTES.createPaymentIntent)
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentResponseDto })
  @ApiBadRequestResponse({ description: 'Unknown training, wrong plan, or an extra field such as amount' })
  create(@Body() dto: CreatePaymentIntentDto): Promise<RouteResponse<typeof ROUTES.createPaymentIntent>> {
    return this.checkout.createSingle(dto.trainingName, dto.paymentType);
  }

  @ApiRoute(ROUTES.createBundlePaymentIntent)
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentResponseDto })
  @ApiBadRequestResponse({
    description: 'Unknown, duplicate or wrong number of trainings, or a plan other than bundle-2/bundle-3',
  })
  createBundle(
    @Body() dto: CreateBundlePaymentIntentDto,
  ): Promise<RouteResponse<typeof ROUTES.createBundlePaymentIntent>> {
    return this.checkout.createBundle(dto.trainings, dto.paymentType);
  }

  @ApiRoute(ROUTES.updatePaymentIntent)
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentSummaryDto })
  @ApiBadRequestResponse({ description: 'Missing name or email, or a cohort missing or not of this training' })
  @ApiConflictResponse({ description: 'The payment is already confirmed: its buyer details can no longer change' })
  update(
    @Body() dto: UpdatePaymentIntentDto,
    @Ip() client: string | undefined,
  ): Promise<RouteResponse<typeof ROUTES.updatePaymentIntent>> {
    return this.checkout.updateSingle({ ...dto, client: client ?? null });
  }

  @ApiRoute(ROUTES.updateBundlePaymentIntent)
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentIntentSummaryDto })
  @ApiBadRequestResponse({ description: 'Missing name or email, other trainings than at creation, or a bad cohort' })
  @ApiConflictResponse({ description: 'The payment is already confirmed: its buyer details can no longer change' })
  updateBundle(
    @Body() dto: UpdateBundlePaymentIntentDto,
    @Ip() client: string | undefined,
  ): Promise<RouteResponse<typeof ROUTES.updateBundlePaymentIntent>> {
    return this.checkout.updateBundle({ ...dto, client: client ?? null });
  }

  @ApiRoute(ROUTES.reconcilePayment)
  @HttpCode(200)
  @ApiOkResponse({ type: ReconcilePaymentResponseDto })
  @ApiBadRequestResponse({ description: 'paymentIntentId missing, empty or longer than 255 characters' })
  reconcile(@Body() dto: ReconcilePaymentDto): Promise<RouteResponse<typeof ROUTES.reconcilePayment>> {
    return this.confirmation.reconcile(dto.paymentIntentId);
  }

  @ApiRoute(ROUTES.completeFreeCheckout)
  @HttpCode(200)
  @ApiOkResponse({ type: FreeCheckoutResponseDto })
  @ApiBadRequestResponse({
    description:
      'Not free (an amount is left to pay), no buyer details, the payment cancelled, or the promotion code used up meanwhile',
  })
  @ApiNotFoundResponse({ description: 'No such payment' })
  @ApiConflictResponse({ description: 'A chosen cohort filled up meanwhile: choose another cohort' })
  completeFree(@Body() dto: FreeCheckoutDto): Promise<RouteResponse<typeof ROUTES.completeFreeCheckout>> {
    return this.confirmation.completeFree(dto.paymentIntentId);
  }

  @ApiRoute(ROUTES.testModeConfirm)
  @HttpCode(200)
  @ApiOkResponse({ type: TestModeConfirmResponseDto })
  @ApiBadRequestResponse({
    description: 'A card number failing its checksum, an expiry not MM/YY or in the past, or a CVC not 3-4 digits',
  })
  confirmTestMode(@Body() dto: TestModeConfirmDto): Promise<RouteResponse<typeof ROUTES.testModeConfirm>> {
    return this.confirmation.confirmTestMode(dto.paymentIntentId, {
      cardNumber: dto.cardNumber,
      expiry: dto.expiry,
      cvc: dto.cvc,
    });
  }

  @ApiRoute(ROUTES.stripeWebhook, {
    description:
      'Called by Stripe, not by clients. The body is the event JSON exactly as Stripe sent it: the signature is checked ' +
      'on the raw bytes with STRIPE_WEBHOOK_SECRET. Events are applied idempotently; replays answer 200 again.',
  })
  @HttpCode(200)
  @ApiHeader({
    name: 'stripe-signature',
    required: true,
    description: "Stripe's signature of the raw body (t=…,v1=…)",
  })
  @ApiBody({
    description: 'A Stripe event (payment_intent.succeeded, payment_intent.payment_failed, charge.refunded, …)',
    schema: {
      type: 'object',
      required: ['id', 'type', 'data'],
      properties: {
        id: { type: 'string', example: 'evt_1Nabc' },
        type: { type: 'string', example: 'payment_intent.succeeded' },
        data: { type: 'object', properties: { object: { type: 'object' } } },
      },
      additionalProperties: true,
    },
  })
  @ApiOkResponse({
    description: 'The event was verified and applied (or was already applied)',
    schema: { type: 'object', required: ['received'], properties: { received: { type: 'boolean', enum: [true] } } },
  })
  @ApiBadRequestResponse({
    description: 'Missing or invalid Stripe-Signature header, no body, or webhooks not configured',
  })
  webhook(
    @Req() request: RawBodyRequest,
    @Headers('stripe-signature') signature?: string,
  ): Promise<RouteResponse<typeof ROUTES.stripeWebhook>> {
    return this.webhooks.handle(request.rawBody, signature);
  }
}
