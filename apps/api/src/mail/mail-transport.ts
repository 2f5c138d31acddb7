import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config';

export interface OutgoingMail {
  /** Fixed per outbox row, so a receiver can recognise the rare mail sent again after a crash mid-send. */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What the SMTP server answered when it accepted the message, e.g. '250 Accepted [STATUS=new MSGID=…]'. */
export interface SentMail {
  response: string;
}

/** Sends one message; rejects with the SMTP error when the server refuses it or cannot be reached. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** nodemailer over SMTP_URL, with timeouts shorter than a claim's lease so a hung server cannot outlive it. */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(private readonly mail: AppConfig['mail']) {
    this.transporter = createTransport({
      url: mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transporter.sendMail({
      from: this.mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
    });
    return { response: info.response ?? '' };
  }

  close(): void {
    this.transporter.close();
  }
}
