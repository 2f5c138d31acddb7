export interface GmailSetupStatus {
  configured: boolean;
  hasCredentials: boolean;
  userEmail: string | null;
  /** What to do next, in plain words, or null when nothing is missing. */
  nextStep: string | null;
}

/** POST /api/gmail/connect-ticket (admin): a single-use ticket for the browser's GET /api/gmail/connect?ticket=. */
export interface GmailConnectTicket {
  ticket: string;
}

export interface EmailTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
  isDefault: boolean;
  updatedAt: string;
}

export interface UpdateEmailTemplateRequest {
  name?: string;
  subject: string;
  body: string;
}

export interface CreateEmailDraftsRequest {
  /** Unset: the default template. */
  templateId?: string;
}

export interface EmailDraftSummary {
  contactName: string;
  contactEmail: string;
  gmailDraftId: string;
}

export interface CreateEmailDraftsResult {
  /** Drafts created by this call. */
  created: number;
  /** Contacts that already had a draft for this credential. */
  skipped: number;
  /** Contacts with no email address, so no draft is possible. */
  withoutEmail: number;
  drafts: EmailDraftSummary[];
}

/** One lead contact found in a completed credential's evaluation. */
export interface Lead {
  credentialId: string;
  credentialName: string;
  name: string;
  title: string | null;
  email: string | null;
  organization: string | null;
}

export interface SheetsSyncResult {
  spreadsheetId: string;
  appendedRows: number;
  updatedRange: string | null;
}
