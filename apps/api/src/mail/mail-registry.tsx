import { cohortMonthLabel, formatUsd } from '@app/domain';
import type { ReactElement } from 'react';
import { CertificateIssuedMail, type CertificateIssuedData } from './templates/certificate-mails';
import {
  CredentialRejectedMail,
  CredentialVerifiedMail,
  EvaluationCompletedMail,
  SignInLinkMail,
  WaitlistOfferMail,
  type CredentialRejectedData,
  type CredentialVerifiedData,
  type EvaluationCompletedData,
  type SignInLinkData,
  type WaitlistOfferData,
} from './templates/applicant-mails';
import { WebhookEndpointDisabledMail, type WebhookEndpointDisabledData } from './templates/admin-mails';
import { PRODUCT_NAME } from './templates/mail-layout';
import {
  CohortFilledNotChargedMail,
  InstallmentDeclinedMail,
  InstallmentReceiptMail,
  PlanCancelledMail,
  PlanCompletedMail,
  PurchaseConfirmationMail,
  type CohortFilledNotChargedData,
  type InstallmentDeclinedData,
  type InstallmentReceiptData,
  type PlanCancelledData,
  type PlanCompletedData,
  type PurchaseConfirmationData,
} from './templates/payment-mails';

export interface RenderContext {
  webUrl: string;
  /** The signed update-card link of a plan, built when the mail is sent. */
  updateCardUrl(paymentId: string): string;
}

/**
 * What a template needs besides its data `D`: its subject (fixed when the mail is written) and its React Email tree.
 * `D` is what the mail carries in the outbox: amounts in integer cents, dates as ISO strings, links as paths below
 * WEB_URL (the renderer makes them absolute when the mail is sent).
 */
export interface MailDefinition<D> {
  subject(data: D): string;
  render(data: D, context: RenderContext): ReactElement;
}

/** One registry entry, typed by the data its template takes. */
function mail<D>(definition: MailDefinition<D>): MailDefinition<D> {
  return definition;
}

/**
 * Every mail, one entry each. A new mail is its template file (the component and its data type, in `templates/`)
 * and one entry here; the template names, their data types and `OutboxMailInput` all come from this object.
 */
export const MAILS = {
  'purchase-confirmation': mail<PurchaseConfirmationData>({
    subject: (d) => `Your purchase is confirmed: ${d.trainings.map((t) => t.name).join(', ')}`,
    render: (d, { webUrl }) => <PurchaseConfirmationMail data={d} webUrl={webUrl} />,
  }),
  'cohort-filled-not-charged': mail<CohortFilledNotChargedData>({
    subject: () => 'The cohort filled up: you were not charged',
    render: (d, { webUrl }) => <CohortFilledNotChargedMail data={d} webUrl={webUrl} />,
  }),
  'installment-receipt': mail<InstallmentReceiptData>({
    subject: (d) => `Receipt: installment ${d.installmentNumber} of ${d.installmentsTotal} (${formatUsd(d.amount)})`,
    render: (d, { webUrl }) => <InstallmentReceiptMail data={d} webUrl={webUrl} />,
  }),
  'plan-completed': mail<PlanCompletedData>({
    subject: (d) => `Paid in full: ${d.trainings.join(', ')}`,
    render: (d, { webUrl }) => <PlanCompletedMail data={d} webUrl={webUrl} />,
  }),
  'installment-declined': mail<InstallmentDeclinedData>({
    subject: (d) => `Action needed: installment ${d.installmentNumber} of ${d.installmentsTotal} was declined`,
    render: (d, { webUrl, updateCardUrl }) => (
      <InstallmentDeclinedMail data={d} webUrl={webUrl} updateCardUrl={updateCardUrl(d.paymentId)} />
    ),
  }),
  'evaluation-completed': mail<EvaluationCompletedData>({
    subject: (d) => `Your evaluation of ${d.credentialName} is ready`,
    render: (d, { webUrl }) => <EvaluationCompletedMail data={d} webUrl={webUrl} />,
  }),
  'sign-in-link': mail<SignInLinkData>({
    subject: () => `Your sign-in link for ${PRODUCT_NAME}`,
    render: (d, { webUrl }) => <SignInLinkMail data={d} webUrl={webUrl} />,
  }),
  'credential-verified': mail<CredentialVerifiedData>({
    subject: (d) => `${d.credentialName} is verified: ${d.awardedCredits} quarter credits awarded`,
    render: (d, { webUrl }) => <CredentialVerifiedMail data={d} webUrl={webUrl} />,
  }),
  'credential-rejected': mail<CredentialRejectedData>({
    subject: (d) => `${d.credentialName} could not be verified`,
    render: (d, { webUrl }) => <CredentialRejectedMail data={d} webUrl={webUrl} />,
  }),
  'plan-cancelled': mail<PlanCancelledData>({
    subject: (d) =>
      d.audience === 'admin'
        ? `Plan cancelled by the trainee: ${d.trainingName}`
        : `Your plan is cancelled: ${d.trainingName}`,
    render: (d, { webUrl }) => <PlanCancelledMail data={d} webUrl={webUrl} />,
  }),
  'webhook-endpoint-disabled': mail<WebhookEndpointDisabledData>({
    subject: () => 'A webhook endpoint was turned off after failing for days',
    render: (d, { webUrl }) => <WebhookEndpointDisabledMail data={d} webUrl={webUrl} />,
  }),
  'certificate-issued': mail<CertificateIssuedData>({
    subject: (d) =>
      d.kind === 'completion'
        ? `Your certificate of completion: ${d.title}`
        : `Your signed evaluation report: ${d.title}`,
    render: (d, { webUrl }) => <CertificateIssuedMail data={d} webUrl={webUrl} />,
  }),
  // The evaluation area's report mail: its own name, so an erasure by email removes it with the area's other mails
  // (a training's certificate mail belongs to the purchase's records and stays).
  'evaluation-report-issued': mail<CertificateIssuedData>({
    subject: (d) => `Your signed evaluation report: ${d.title}`,
    render: (d, { webUrl }) => <CertificateIssuedMail data={d} webUrl={webUrl} />,
  }),
  'waitlist-offer': mail<WaitlistOfferData>({
    subject: (d) => `A seat is open for you: ${d.trainingName}, ${cohortMonthLabel(d.cohortMonth)}`,
    render: (d, { webUrl }) => <WaitlistOfferMail data={d} webUrl={webUrl} />,
  }),
};

export type MailTemplateName = keyof typeof MAILS;

/** Each template's data, by name. */
export type MailDataMap = { [T in MailTemplateName]: (typeof MAILS)[T] extends MailDefinition<infer D> ? D : never };

/**
 * A mail to write to the outbox with `OutboxRepository.enqueue(em, mail)`. `key` is unique per event: the same key
 * twice is one mail.
 */
export type OutboxMailInput<T extends MailTemplateName = MailTemplateName> = {
  [K in T]: {
    key: string;
    to: string;
    template: K;
    data: MailDataMap[K];
    /** The payment the mail is about, so the admin sees it on the enrollment's row. */
    paymentIntentId?: string | null;
  };
}[T];

/** One template's entry of the registry, typed by its name. */
export function mailDefinition<T extends MailTemplateName>(template: T): MailDefinition<MailDataMap[T]> {
  const definition = (MAILS as Partial<Record<T, MailDefinition<MailDataMap[T]>>>)[template];
  if (!definition) throw new Error(`Unknown mail template ${String(template)}`);
  return definition;
}

/** Fixed when the mail is written, so the admin list shows it before the mail is rendered and sent. */
export function mailSubject<T extends MailTemplateName>(template: T, data: MailDataMap[T]): string {
  return mailDefinition(template).subject(data);
}
