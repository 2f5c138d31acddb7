import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { mailSubject } from './mail-subjects';
import type { MailDataMap, MailTemplateName } from './mail-templates.types';
import {
  CredentialRejectedMail,
  CredentialVerifiedMail,
  EvaluationCompletedMail,
  SignInLinkMail,
  WaitlistOfferMail,
} from './templates/applicant-mails';
import { WebhookEndpointDisabledMail } from './templates/admin-mails';
import {
  CohortFilledNotChargedMail,
  InstallmentDeclinedMail,
  InstallmentReceiptMail,
  PlanCancelledMail,
  PlanCompletedMail,
  PurchaseConfirmationMail,
} from './templates/payment-mails';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderContext {
  webUrl: string;
  /** The signed update-card link of a plan, built when the mail is sent. */
  updateCardUrl(paymentId: string): string;
}

function element<T extends MailTemplateName>(template: T, data: MailDataMap[T], context: RenderContext): ReactElement {
  const { webUrl } = context;
  const d = data as MailDataMap[MailTemplateName];
  switch (template) {
    case 'purchase-confirmation':
      return <PurchaseConfirmationMail data={d as MailDataMap['purchase-confirmation']} webUrl={webUrl} />;
    case 'cohort-filled-not-charged':
      return <CohortFilledNotChargedMail data={d as MailDataMap['cohort-filled-not-charged']} webUrl={webUrl} />;
    case 'installment-receipt':
      return <InstallmentReceiptMail data={d as MailDataMap['installment-receipt']} webUrl={webUrl} />;
    case 'plan-completed':
      return <PlanCompletedMail data={d as MailDataMap['plan-completed']} webUrl={webUrl} />;
    case 'installment-declined': {
      const declined = d as MailDataMap['installment-declined'];
      return (
        <InstallmentDeclinedMail
          data={declined}
          webUrl={webUrl}
          updateCardUrl={context.updateCardUrl(declined.paymentId)}
        />
      );
    }
    case 'evaluation-completed':
      return <EvaluationCompletedMail data={d as MailDataMap['evaluation-completed']} webUrl={webUrl} />;
    case 'sign-in-link':
      return <SignInLinkMail data={d as MailDataMap['sign-in-link']} webUrl={webUrl} />;
    case 'credential-verified':
      return <CredentialVerifiedMail data={d as MailDataMap['credential-verified']} webUrl={webUrl} />;
    case 'credential-rejected':
      return <CredentialRejectedMail data={d as MailDataMap['credential-rejected']} webUrl={webUrl} />;
    case 'waitlist-offer':
      return <WaitlistOfferMail data={d as MailDataMap['waitlist-offer']} webUrl={webUrl} />;
    case 'plan-cancelled':
      return <PlanCancelledMail data={d as MailDataMap['plan-cancelled']} webUrl={webUrl} />;
    case 'webhook-endpoint-disabled':
      return <WebhookEndpointDisabledMail data={d as MailDataMap['webhook-endpoint-disabled']} webUrl={webUrl} />;
    default:
      throw new Error(`Unknown mail template ${String(template)}`);
  }
}

/** HTML and plain-text parts of one mail, from the same React Email template. */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  data: MailDataMap[T],
  context: RenderContext,
): Promise<RenderedMail> {
  const tree = element(template, data, context);
  const [html, text] = await Promise.all([render(tree), render(tree, { plainText: true })]);
  return { subject: mailSubject(template, data), html, text };
}
