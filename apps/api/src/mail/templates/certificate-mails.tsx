import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { button, MailLayout, paragraph } from './mail-layout';

/** A signed certificate of completion or evaluation report is ready (one mail a certificate). */
export interface CertificateIssuedData {
  certificateId: string;
  kind: 'completion' | 'evaluation-report';
  recipientName: string;
  title: string;
  certificateNumber: string;
}

const small = { ...paragraph, fontSize: '13px', color: '#475569' };

export function CertificateIssuedMail({ data, webUrl }: { data: CertificateIssuedData; webUrl: string }) {
  const listUrl = `${webUrl}/certificates`;
  const verifyUrl = `${webUrl}/verify/${encodeURIComponent(data.certificateId)}`;
  const pdfUrl = `${listUrl}/${encodeURIComponent(data.certificateId)}/pdf`;
  const what = data.kind === 'completion' ? 'certificate of completion' : 'course-by-course evaluation report';
  return (
    <MailLayout webUrl={webUrl} preview={`Your ${what}: ${data.title}`} title={`Your ${what}`}>
      <Text style={paragraph}>
        {`Dear ${data.recipientName}, your ${what} for ${data.title} is issued (number ${data.certificateNumber}). It is signed: anyone you show it to can check it at its verification page.`}
      </Text>
      <Button href={listUrl} style={button}>
        Download it (PDF or JSON)
      </Button>
      <Text style={small}>
        Sign in with this email address to download it: {listUrl} (the PDF: {pdfUrl})
      </Text>
      <Text style={small}>Verification page: {verifyUrl}</Text>
    </MailLayout>
  );
}
