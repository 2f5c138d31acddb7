import { ConflictException } from '@nestjs/common';

export const GMAIL_NOT_CONFIGURED = 'Gmail is not configured';

/** 409: drafts need a connected account whose token works; nothing is sent to Google. */
export class GmailNotConfiguredException extends ConflictException {
  constructor(detail?: string) {
    super({ message: detail ? `${GMAIL_NOT_CONFIGURED}: ${detail}` : GMAIL_NOT_CONFIGURED, code: 'CONFLICT' });
  }
}
