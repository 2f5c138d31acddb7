import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { button, MailLayout, paragraph } from './mail-layout';

/** To the admins' alert address: an endpoint that failed for days was turned off. */
export interface WebhookEndpointDisabledData {
  endpointId: string;
  url: string;
  lastError: string;
}

export function WebhookEndpointDisabledMail({ data, webUrl }: { data: WebhookEndpointDisabledData; webUrl: string }) {
  const url = `${webUrl}/admin/panel/integrations`;
  return (
    <MailLayout webUrl={webUrl} preview="A webhook endpoint was turned off" title="A webhook endpoint was turned off">
      <Text style={paragraph}>
        {`Every delivery to ${data.url} failed for days, so it was turned off. The last answer: ${data.lastError}`}
      </Text>
      <Text style={paragraph}>
        Events are no longer sent to it. Fix the receiver, turn the endpoint on again and resend the deliveries it
        missed from its log.
      </Text>
      <Button href={url} style={button}>
        Open the integrations
      </Button>
    </MailLayout>
  );
}
