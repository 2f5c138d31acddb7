import { AppError } from '../common/errors/app-error';

export const GMAIL_NOT_CONFIGURED = 'Gmail is not configured';

/** The first step of the setup checklist, also the refusal when no Google client is configured. */
export const CONNECT_STEP = 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then press Connect Gmail';

/** 409: drafts need a connected account whose token works; nothing is sent to Google. */
export class GmailNotConfiguredError extends AppError {
  constructor(detail?: string) {
    super('CONFLICT', detail ? `${GMAIL_NOT_CONFIGURED}: ${detail}` : GMAIL_NOT_CONFIGURED);
  }
}

/** 409 with what to set: no Google client, or no key to store the refresh token encrypted. */
export class GmailCannotConnectError extends AppError {
  constructor(missing: 'client' | 'encryption-key') {
    super(
      'CONFLICT',
      missing === 'client'
        ? CONNECT_STEP
        : 'Gmail cannot be connected: GMAIL_TOKEN_ENCRYPTION_KEY is not set, so the refresh token could not be stored encrypted',
    );
  }
}

/** The consent callback's state is unknown, used, stale or from another browser. */
export class GmailConsentLinkInvalidError extends AppError {
  constructor() {
    super('VALIDATION_FAILED', 'This Gmail connection link is invalid or expired; press Connect Gmail again');
  }
}

const GOOGLE_FAILURES = {
  'code-refused': 'Google refused the authorization code; press Connect Gmail again',
  'no-refresh-token':
    'Google returned no refresh token; remove this app under "Third-party access" of the Google account and connect again',
  'no-email': 'Google did not tell which account was connected; press Connect Gmail again',
  'request-failed': 'Google did not complete the request; try again in a moment',
} as const;

/** 502: Google refused or did not complete a call this request needed. */
export class GoogleFailedError extends AppError {
  constructor(failure: keyof typeof GOOGLE_FAILURES) {
    super('BAD_GATEWAY', GOOGLE_FAILURES[failure]);
  }
}

export class EmailTemplateNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Email template not found');
  }
}

/** A subject or body the template rules refuse, per field. */
export class EmailTemplateInvalidError extends AppError {
  constructor(fieldErrors: Record<string, string[]>) {
    super('VALIDATION_FAILED', Object.values(fieldErrors).flat().join('; '), fieldErrors);
  }
}

export class DraftsNeedCompletedAnalysisError extends AppError {
  constructor() {
    super('CONFLICT', 'Email drafts need a completed analysis of this credential');
  }
}
