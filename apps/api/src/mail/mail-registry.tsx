import { cohortMonthLabel, formatUsd } from '@app/domain';
import type { ReactElement } from 'react';
import type { MailDataMap, MailTemplateName } from './mail-templates.types';
import { CertificateIssuedMail } from './templates/certificate-mails';
import {
  CredentialRejectedMail,
  CredentialVerifiedMail,
  EvaluationCompletedMail,
  SignInLinkMail,
  WaitlistOfferMail,
} from './templates/applicant-mails';
import { WebhookEndpointDisabledMail } from './templates/admin-mails';
import { PRODUCT_NAME } from './templates/mail-layout';
import {
  CohortFilledNotChargedMail,
  InstallmentDeclinedMail,
  InstallmentReceiptMail,
  PlanCancelledMail,
  PlanCompletedMail,
  PurchaseConfirmationMail,
} from './templates/payment-mails';

export interface RenderContext {
  webUrl: string;
  /** The signed update-card link of a plan, built when the mail is sent. */
  updateCardUrl(paymentId: string): string;
}

/** What a template needs besides its data: its subject (fixed when the mail is written) and its React Email tree. */
export interface MailDefinition<T extends MailTemplateName> {
  subject(data: MailDataMap[T]): string;
  render(data: MailDataMap[T], context: RenderContext): ReactElement;
}

/**
 * Every mail, one line each: a new mail is its template component, its data type in `MailDataMap` and one entry
 * here (the type requires it).
 */
export const MAILS: { [T in MailTemplateName]: MailDefinition<T> } = {
  'purchase-confirmation': {
    subject: (d) => `Your purchase is confirmed: ${d.trainings.map((t) => t.name).join(', ')}`,
    render: (d, { webUrl }) => <PurchaseConfirmationMail data={d} webUrl={webUrl} />,
  },
  'cohort-filled-not-charged': {
    subject: () => 'The cohort filled up: you were not charged',
    render: (d, { webUrl }) => <CohortFilledNotChargedMail data={d} webUrl={webUrl} />,
  },
  'installment-receipt': {
    subject: (d) => `Receipt: installment ${d.installmentNumber} of ${d.installmentsTotal} (${formatUsd(d.amount)})`,
    render: (d, { webUrl }) => <InstallmentReceiptMail data={d} webUrl={webUrl} />,
  },
  'plan-completed': {
    subject: (d) => `Paid in full: ${d.trainings.join(', ')}`,
    render: (d, { webUrl }) => <PlanCompletedMail data={d} webUrl={webUrl} />,
  },
  'installment-declined': {
    subject: (d) => `Action needed: installment ${d.installmentNumber} of ${d.installmentsTotal} was declined`,
    render: (d, { webUrl, updateCardUrl }) => (
      <InstallmentDeclinedMail data={d} webUrl={webUrl} updateCardUrl={updateCardUrl(d.paymentId)} />
    ),
  },
  'evaluation-completed': {
    subject: (d) => `Your evaluation of ${d.credentialName} is ready`,
    render: (d, { webUrl }) => <EvaluationCompletedMail data={d} webUrl={webUrl} />,
  },
  'sign-in-link': {
    subject: () => `Your sign-in link for ${PRODUCT_NAME}`,
    render: (d, { webUrl }) => <SignInLinkMail data={d} webUrl={webUrl} />,
  },
  'credential-verified': {
    subject: (d) => `${d.credentialName} is verified: ${d.awardedCredits} quarter credits awarded`,
    render: (d, { webUrl }) => <CredentialVerifiedMail data={d} webUrl={webUrl} />,
  },
  'credential-rejected': {
    subject: (d) => `${d.credentialName} could not be verified`,
    render: (d, { webUrl }) => <CredentialRejectedMail data={d} webUrl={webUrl} />,
  },
  'plan-cancelled': {
    subject: (d) =>
      d.audience === 'admin'
        ? `Plan cancelled by the trainee: ${d.trainingName}`
        : `Your plan is cancelled: ${d.trainingName}`,
    render: (d, { webUrl }) => <PlanCancelledMail data={d} webUrl={webUrl} />,
  },
  'webhook-endpoint-disabled': {
    subject: () => 'A webhook endpoint was turned off after failing for days',
    render: (d, { webUrl }) => <WebhookEndpointDisabledMail data={d} webUrl={webUrl} />,
  },
  'certificate-issued': {
    subject: (d) =>
      d.kind === 'completion'
        ? `Your certificate of completion: ${d.title}`
        : `Your signed evaluation report: ${d.title}`,
    render: (d, { webUrl }) => <CertificateIssuedMail data={d} webUrl={webUrl} />,
  },
  'waitlist-offer': {
    subject: (d) => `A seat is open for you: ${d.trainingName}, ${cohortMonthLabel(d.cohortMonth)}`,
    render: (d, { webUrl }) => <WaitlistOfferMail data={d} webUrl={webUrl} />,
  },
};

/** One template's entry of the registry, typed by its name. */
export function mailDefinition<T extends MailTemplateName>(template: T): MailDefinition<T> {
  const definition: MailDefinition<T> | undefined = MAILS[template];
  if (!definition) throw new Error(`Unknown mail template ${String(template)}`);
  return definition;
}

/** Fixed when the mail is written, so the admin list shows it before the mail is rendered and sent. */
export function mailSubject<T extends MailTemplateName>(template: T, data: MailDataMap[T]): string {
  return mailDefinition(template).subject(data);
}
