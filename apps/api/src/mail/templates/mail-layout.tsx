import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** The sender's name in every mail's header and subject. */
export const PRODUCT_NAME = 'Psychology Training Institute';

export interface LayoutProps {
  webUrl: string;
  preview: string;
  title: string;
  children: ReactNode;
}

const body = { backgroundColor: '#f8fafc', fontFamily: 'Helvetica, Arial, sans-serif', color: '#0f172a' };
const card = {
  backgroundColor: '#ffffff',
  margin: '24px auto',
  padding: '24px',
  maxWidth: '560px',
  borderRadius: '8px',
};

/** The frame every mail shares: logo and product name, the title, the content, and a footer with the site's address. */
export function MailLayout({ webUrl, preview, title, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section>
            <Img
              src={`${webUrl}/logo.png`}
              width="40"
              height="40"
              alt={PRODUCT_NAME}
              style={{ display: 'inline-block' }}
            />
            <Text
              style={{
                display: 'inline-block',
                margin: '0 0 0 12px',
                fontSize: '18px',
                fontWeight: 600,
                verticalAlign: 'top',
                lineHeight: '40px',
              }}
            >
              {PRODUCT_NAME}
            </Text>
          </Section>
          <Heading as="h1" style={{ fontSize: '22px', margin: '24px 0 12px' }}>
            {title}
          </Heading>
          {children}
          <Hr style={{ borderColor: '#e2e8f0', margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', color: '#475569' }}>
            {PRODUCT_NAME} · <Link href={webUrl}>{webUrl.replace(/^https?:\/\//, '')}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: '15px', lineHeight: '24px' };
export const button = {
  backgroundColor: '#0f766e',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontWeight: 600,
  textDecoration: 'none',
};
