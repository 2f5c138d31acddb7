import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CohortsModule } from '../cohorts/cohorts.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PromotionsModule } from '../promotions/promotions.module';
import { TrainingsModule } from '../trainings/trainings.module';
import { AdminInstallmentsController } from './admin-installments.controller';
import { CheckoutService } from './checkout.service';
import { InstallmentsScheduler } from './installments.scheduler';
import { InstallmentsService } from './installments.service';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentRefundsService } from './payment-refunds.service';
import { PaymentsWebhookService } from './payments-webhook.service';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PlanBillingService } from './plan-billing.service';
import { TestModeReconcileScheduler } from './test-mode-reconcile.scheduler';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';
import { createStripeClient, StripePaymentProvider } from './providers/stripe-payment.provider';
import { TestModeIntentsRepository } from './providers/test-mode-intents.repository';
import { TestModePaymentProvider } from './providers/test-mode-payment.provider';

/** Stripe when its keys are set; otherwise the test-mode provider (production refuses to start without keys). */
function createPaymentProvider(config: AppConfig, testModeIntents: TestModeIntentsRepository): PaymentProvider {
  if (config.stripe.secretKey && config.stripe.publishableKey) {
    return new StripePaymentProvider(createStripeClient(config.stripe));
  }
  if (config.isProduction) throw new Error('NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  return new TestModePaymentProvider(testModeIntents);
}

@Module({
  imports: [TrainingsModule, CohortsModule, AuditModule, PromotionsModule],
  controllers: [PaymentsController, AdminInstallmentsController],
  providers: [
    TestModeIntentsRepository,
    { provide: PAYMENT_PROVIDER, useFactory: createPaymentProvider, inject: [APP_CONFIG, TestModeIntentsRepository] },
    PaymentsRepository,
    CheckoutService,
    PaymentConfirmationService,
    PaymentsWebhookService,
    InstallmentsService,
    InstallmentsScheduler,
    PaymentRefundsRepository,
    PaymentRefundsService,
    PlanBillingService,
    TestModeReconcileScheduler,
  ],
  exports: [InstallmentsService, PaymentsRepository, PAYMENT_PROVIDER, PaymentRefundsService, PlanBillingService],
})
export class PaymentsModule {}
