import { cohortMonthLabel, formatUsd } from '@app/domain';
import type { MailDataMap, MailTemplateName } from './mail-templates.types';

export const PRODUCT_NAME = 'Psychology Training Institute';

const subjects: { [T in MailTemplateName]: (data: MailDataMap[T]) => string } = {
  'purchase-confirmation': (d) => `Your purchase is confirmed: ${d.trainings.map((t) => t.name).join(', ')}`,
  'cohort-filled-not-charged': () => 'The cohort filled up: you were not charged',
  'installment-receipt': (d) =>
    `Receipt: installment ${d.installmentNumber} of ${d.installmentsTotal} (${formatUsd(d.amount)})`,
  'plan-completed': (d) => `Paid in full: ${d.trainings.join(', ')}`,
  'installment-declined': (d) =>
    `Action needed: installment ${d.installmentNumber} of ${d.installmentsTotal} was declined`,
  'evaluation-completed': (d) => `Your evaluation of ${d.credentialName} is ready`,
  'sign-in-link': () => `Your sign-in link for ${PRODUCT_NAME}`,
  'credential-verified': (d) => `${d.credentialName} is verified: ${d.awardedCredits} quarter credits awarded`,
  'credential-rejected': (d) => `${d.credentialName} could not be verified`,
  'plan-cancelled': (d) =>
    d.audience === 'admin'
      ? `Plan cancelled by the trainee: ${d.trainingName}`
      : `Your plan is cancelled: ${d.trainingName}`,
  'webhook-endpoint-disabled': () => 'A webhook endpoint was turned off after failing for days',
  'waitlist-offer': (d) => `A seat is open for you: ${d.trainingName}, ${cohortMonthLabel(d.cohortMonth)}`,
};

/** Fixed when the mail is written, so the admin list shows it before the mail is rendered and sent. */
export function mailSubject<T extends MailTemplateName>(template: T, data: MailDataMap[T]): string {
  return (subjects[template] as (data: MailDataMap[T]) => string)(data);
}
