import { Button, Text } from '@react-email/components';
import type { EvaluationCompletedData, SignInLinkData } from '../mail-templates.types';
import { button, MailLayout, paragraph } from './mail-layout';

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
