import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { COHORT_FILLED_NOT_CHARGED_MESSAGE } from '@app/contracts';
import { cohortMonthLabel, formatLongDateUtc, formatUsd } from '@app/domain';
import { button, MailLayout, paragraph } from './mail-layout';

/**
 * What each kind of mail carries in the outbox. Amounts are integer cents, dates ISO strings, links paths below
 * WEB_URL (the renderer makes them absolute when the mail is sent).
 */
export interface PurchaseConfirmationData {
  buyerName: string;
  paymentIntentId: string;
  amountPaid: number;
  trainings: Array<{ name: string; cohortMonth: string | null }>;
  /** Installment plans only: the charges still to come. */
  plan: { installmentsTotal: number; remaining: Array<{ number: number; dueAt: string; amount: number }> } | null;
}

/** An authorised payment cancelled because a chosen cohort filled up before it could be captured: nothing charged. */
export interface CohortFilledNotChargedData {
  buyerName: string;
  paymentIntentId: string;
  /** Integer cents that were authorised and released. */
  amount: number;
  /** The cohorts that filled up, each with its waitlist (`/waitlist/<cohortId>`). */
  fullCohorts: Array<{ cohortId: string; trainingName: string; cohortMonth: string | null }>;
}

export interface InstallmentReceiptData {
  buyerName: string;
  trainings: string[];
  installmentNumber: number;
  installmentsTotal: number;
  amount: number;
  chargeId: string;
  nextDueAt: string | null;
}

export interface PlanCompletedData {
  buyerName: string;
  trainings: string[];
  installmentsTotal: number;
  totalPaid: number;
}

export interface InstallmentDeclinedData {
  buyerName: string;
  trainings: string[];
  installmentNumber: number;
  installmentsTotal: number;
  amount: number;
  /** When the card is tried again by itself; null when it will not be. */
  nextRetryAt: string | null;
  /** Our payment record; the update-card link is signed for it when the mail is sent. */
  paymentId: string;
}

/** A trainee stopped their plan from the account: one mail to them, one to the provider. */
export interface PlanCancelledData {
  audience: 'trainee' | 'admin';
  buyerName: string;
  trainingName: string;
  enrollmentId: string;
  installmentsPaid: number;
  installmentsTotal: number;
  installmentsStopped: number;
}

const day = (iso: string) => formatLongDateUtc(new Date(iso));
const label = { ...paragraph, color: '#475569', margin: '0' };
const value = { ...paragraph, margin: '0', fontWeight: 600 };

/** Receipts are numbered in the charge's transaction, after the mail is written: the account lists each one. */
function ReceiptLink({ webUrl }: { webUrl: string }) {
  const url = `${webUrl.replace(/\/+$/, '')}/account`;
  return (
    <Text style={paragraph}>
      Your numbered receipt (PDF) is in your account: <a href={url}>{url}</a> (sign in with this email address).
    </Text>
  );
}

export function PlanCancelledMail({ data, webUrl }: { data: PlanCancelledData; webUrl: string }) {
  const forAdmin = data.audience === 'admin';
  return (
    <MailLayout
      webUrl={webUrl}
      preview={forAdmin ? 'A trainee cancelled their plan' : 'Your plan is cancelled'}
      title={forAdmin ? 'A trainee cancelled their plan' : 'Your plan is cancelled'}
    >
      <Text style={paragraph}>
        {forAdmin
          ? `${data.buyerName} cancelled the remaining installments of ${data.trainingName} from their account.`
          : `Hello ${data.buyerName}, you cancelled the remaining installments of ${data.trainingName}. Nothing more will be charged and your seat is released.`}
      </Text>
      <Section>
        <Fact name="Installments paid">{`${data.installmentsPaid} of ${data.installmentsTotal}`}</Fact>
        <Fact name="Installments stopped">{String(data.installmentsStopped)}</Fact>
        <Fact name="Enrollment">{data.enrollmentId}</Fact>
      </Section>
      <Text style={paragraph}>
        {forAdmin
          ? 'No refund was made: refunds stay your decision, in the admin panel.'
          : 'No refund is made automatically: a refund is the provider’s decision; reply to this mail to ask for one.'}
      </Text>
    </MailLayout>
  );
}

function Fact({ name, children }: { name: string; children: string }) {
  return (
    <Row>
      <Column style={{ width: '40%' }}>
        <Text style={label}>{name}</Text>
      </Column>
      <Column>
        <Text style={value}>{children}</Text>
      </Column>
    </Row>
  );
}

export function PurchaseConfirmationMail({ data, webUrl }: { data: PurchaseConfirmationData; webUrl: string }) {
  return (
    <MailLayout
      webUrl={webUrl}
      preview={`We received your payment of ${formatUsd(data.amountPaid)}`}
      title="Thank you for your purchase!"
    >
      <Text style={paragraph}>Hello {data.buyerName}, your payment went through and you are enrolled.</Text>
      <Section>
        {data.trainings.map((training) => (
          <Fact key={training.name} name={training.name}>
            {training.cohortMonth ? `Cohort: ${cohortMonthLabel(training.cohortMonth)}` : 'Cohort: to be announced'}
          </Fact>
        ))}
        <Fact name="Amount paid">{formatUsd(data.amountPaid)}</Fact>
        <Fact name="Payment ID">{data.paymentIntentId}</Fact>
      </Section>
      {data.plan ? (
        <Section>
          <Text style={paragraph}>
            This is the first of {data.plan.installmentsTotal} monthly installments. Your card will be charged on these
            dates:
          </Text>
          {data.plan.remaining.map((installment) => (
            <Fact key={installment.number} name={`Installment ${installment.number}`}>
              {`${day(installment.dueAt)}: ${formatUsd(installment.amount)}`}
            </Fact>
          ))}
        </Section>
      ) : null}
      <ReceiptLink webUrl={webUrl} />
    </MailLayout>
  );
}

export function CohortFilledNotChargedMail({ data, webUrl }: { data: CohortFilledNotChargedData; webUrl: string }) {
  const checkoutUrl = `${webUrl}/paymentplan`;
  return (
    <MailLayout webUrl={webUrl} preview="You were not charged: the cohort filled up" title="The cohort filled up">
      <Text style={paragraph}>
        Hello {data.buyerName}, {COHORT_FILLED_NOT_CHARGED_MESSAGE}
      </Text>
      <Section>
        {data.fullCohorts.map((cohort) => (
          <Fact key={cohort.cohortId} name={cohort.trainingName}>
            {cohort.cohortMonth ? `Cohort: ${cohortMonthLabel(cohort.cohortMonth)} (full)` : 'Cohort: full'}
          </Fact>
        ))}
        <Fact name="Amount released">{formatUsd(data.amount)}</Fact>
        <Fact name="Payment ID">{data.paymentIntentId}</Fact>
      </Section>
      <Button href={checkoutUrl} style={button}>
        Choose another cohort
      </Button>
      <Text style={{ ...paragraph, fontSize: '13px', color: '#475569' }}>Or open this link: {checkoutUrl}</Text>
      {data.fullCohorts.map((cohort) => (
        <Text key={cohort.cohortId} style={paragraph}>
          Join the waitlist of {cohort.trainingName}: {`${webUrl}/waitlist/${cohort.cohortId}`}
        </Text>
      ))}
    </MailLayout>
  );
}

export function InstallmentReceiptMail({ data, webUrl }: { data: InstallmentReceiptData; webUrl: string }) {
  return (
    <MailLayout webUrl={webUrl} preview={`Installment ${data.installmentNumber} charged`} title="Installment received">
      <Text style={paragraph}>
        Hello {data.buyerName}, we charged installment {data.installmentNumber} of {data.installmentsTotal} for{' '}
        {data.trainings.join(', ')}.
      </Text>
      <Section>
        <Fact name="Amount">{formatUsd(data.amount)}</Fact>
        <Fact name="Payment ID">{data.chargeId}</Fact>
        {data.nextDueAt ? <Fact name="Next installment">{day(data.nextDueAt)}</Fact> : null}
      </Section>
      <ReceiptLink webUrl={webUrl} />
    </MailLayout>
  );
}

export function PlanCompletedMail({ data, webUrl }: { data: PlanCompletedData; webUrl: string }) {
  return (
    <MailLayout webUrl={webUrl} preview="Your plan is paid in full" title="Your plan is paid in full">
      <Text style={paragraph}>
        Hello {data.buyerName}, all {data.installmentsTotal} installments for {data.trainings.join(', ')} are paid:{' '}
        {formatUsd(data.totalPaid)} in total. Nothing more will be charged.
      </Text>
    </MailLayout>
  );
}

export function InstallmentDeclinedMail({
  data,
  webUrl,
  updateCardUrl,
}: {
  data: InstallmentDeclinedData;
  webUrl: string;
  updateCardUrl: string;
}) {
  return (
    <MailLayout
      webUrl={webUrl}
      preview="Your card was declined: please update it"
      title="Your installment was declined"
    >
      <Text style={paragraph}>
        Hello {data.buyerName}, we could not charge installment {data.installmentNumber} of {data.installmentsTotal} for{' '}
        {data.trainings.join(', ')}.
      </Text>
      <Section>
        <Fact name="Amount due">{formatUsd(data.amount)}</Fact>
        <Fact name="Next attempt">{data.nextRetryAt ? day(data.nextRetryAt) : 'None: please update your card'}</Fact>
      </Section>
      <Text style={paragraph}>Give us another card and we will charge the installment at once:</Text>
      <Button href={updateCardUrl} style={button}>
        Update your card
      </Button>
      <Text style={{ ...paragraph, fontSize: '13px', color: '#475569' }}>Or open this link: {updateCardUrl}</Text>
    </MailLayout>
  );
}
