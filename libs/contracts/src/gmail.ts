export interface GmailSetupStatus {
  configured: boolean;
  hasCredentials: boolean;
  userEmail: string | null;
}
