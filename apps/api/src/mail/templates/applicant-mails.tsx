import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { cohortMonthLabel } from '@app/domain';
import { button, MailLayout, paragraph } from './mail-layout';

export interface EvaluationCompletedData {
  credentialId: string;
  credentialName: string;
  recommendedCredits: number | null;
}

export interface SignInLinkData {
  /** Path below WEB_URL with the single-use token, e.g. `/evaluation/sign-in?token=…`. */
  path: string;
  expiresInMinutes: number;
}

export interface CredentialVerifiedData {
  credentialId: string;
  credentialName: string;
  awardedCredits: number;
  /** The reviewer's note to the applicant, when there is one. */
  note: string | null;
}

export interface CredentialRejectedData {
  credentialId: string;
  credentialName: string;
  reason: string;
}

export interface WaitlistOfferData {
  name: string;
  trainingName: string;
  /** `YYYY-MM`; the mail shows it as month name and year. */
  cohortMonth: string;
}

export function EvaluationCompletedMail({ data, webUrl }: { data: EvaluationCompletedData; webUrl: string }) {
  const resultsUrl = `${webUrl}/evaluation?credential=${encodeURIComponent(data.credentialId)}`;
  return (
    <MailLayout webUrl={webUrl} preview={`${data.credentialName}: results ready`} title="Your evaluation is ready">
      <Text style={paragraph}>
        The analysis of {data.credentialName} has finished
        {data.recommendedCredits !== null ? `, with ${data.recommendedCredits} recommended quarter credits` : ''}.
      </Text>
      <Button href={resultsUrl} style={button}>
        See the results
      </Button>
      <Text style={{ ...paragraph, fontSize: '13px', color: '#475569' }}>Or open this link: {resultsUrl}</Text>
    </MailLayout>
  );
}

export function SignInLinkMail({ data, webUrl }: { data: SignInLinkData; webUrl: string }) {
  const url = `${webUrl}${data.path}`;
  return (
    <MailLayout webUrl={webUrl} preview="Your sign-in link" title="Sign in">
      <Text style={paragraph}>This link signs you in once and works for {data.expiresInMinutes} minutes.</Text>
      <Button href={url} style={button}>
        Sign in
      </Button>
      <Text style={{ ...paragraph, fontSize: '13px', color: '#475569' }}>Or open this link: {url}</Text>
      <Text style={paragraph}>If you did not ask for it, ignore this mail.</Text>
    </MailLayout>
  );
}

const small = { ...paragraph, fontSize: '13px', color: '#475569' };

export function CredentialVerifiedMail({ data, webUrl }: { data: CredentialVerifiedData; webUrl: string }) {
  const url = `${webUrl}/evaluation?credential=${encodeURIComponent(data.credentialId)}`;
  return (
    <MailLayout webUrl={webUrl} preview={`${data.credentialName}: verified`} title="Your credential is verified">
      <Text style={paragraph}>
        {`Our staff reviewed ${data.credentialName} and awarded ${data.awardedCredits} quarter credits.`}
      </Text>
      {data.note ? <Text style={paragraph}>{`Note from the reviewer: ${data.note}`}</Text> : null}
      <Button href={url} style={button}>
        See your evaluation
      </Button>
      <Text style={small}>Or open this link: {url}</Text>
    </MailLayout>
  );
}

export function CredentialRejectedMail({ data, webUrl }: { data: CredentialRejectedData; webUrl: string }) {
  const url = `${webUrl}/evaluation?credential=${encodeURIComponent(data.credentialId)}`;
  return (
    <MailLayout
      webUrl={webUrl}
      preview={`${data.credentialName}: not verified`}
      title="Your credential could not be verified"
    >
      <Text style={paragraph}>{`Our staff reviewed ${data.credentialName} and could not verify it.`}</Text>
      <Text style={paragraph}>{`Reason: ${data.reason}`}</Text>
      <Button href={url} style={button}>
        See your evaluation
      </Button>
      <Text style={small}>Or open this link: {url}</Text>
    </MailLayout>
  );
}

export function WaitlistOfferMail({ data, webUrl }: { data: WaitlistOfferData; webUrl: string }) {
  const url = `${webUrl}/paymentplan`;
  const cohort = cohortMonthLabel(data.cohortMonth);
  return (
    <MailLayout webUrl={webUrl} preview={`A seat in ${data.trainingName}, ${cohort}`} title="A seat is open for you">
      <Text style={paragraph}>
        {`Hello ${data.name}, a seat opened in ${data.trainingName}, ${cohort}. You were on its waitlist, so we are offering it to you.`}
      </Text>
      <Button href={url} style={button}>
        Enroll now
      </Button>
      <Text style={small}>Or open this link: {url}</Text>
    </MailLayout>
  );
}
