import { Injectable } from '@nestjs/common';
import type { CreateEmailDraftsResult, EmailDraftSummary } from '@app/contracts';
import { emailTemplateValues, isValidEmail, renderEmailTemplate } from '@app/domain';
import { CredentialNotFoundError } from '../credentials/credentials.errors';
import { GmailConnectionService } from './gmail-connection.service';
import { DraftsNeedCompletedAnalysisError, EmailTemplateNotFoundError } from './gmail.errors';
import { GmailRepository } from './gmail.repository';
import { GoogleClients } from './google-clients';
import { buildMimeMessage, toGmailRaw } from './mime-message';

const GMAIL_TIMEOUT_MS = 20_000;
/** Well past the Gmail call's timeout: a reservation this old without a draft belongs to a process that died. */
const STALE_RESERVATION_SECONDS = 5 * 60;

/** Turns a completed credential's lead contacts into Gmail drafts, once per contact. */
@Injectable()
export class EmailDraftsService {
  constructor(
    private readonly repository: GmailRepository,
    private readonly connection: GmailConnectionService,
    private readonly google: GoogleClients,
  ) {}

  async createForCredential(credentialId: string, templateId?: string): Promise<CreateEmailDraftsResult> {
    const credential = await this.repository.findDraftSource(credentialId);
    if (!credential) throw new CredentialNotFoundError();
    if (credential.status !== 'completed') throw new DraftsNeedCompletedAnalysisError();
    const template = templateId
      ? await this.repository.findTemplate(templateId)
      : await this.repository.findDefaultTemplate();
    if (!template) throw new EmailTemplateNotFoundError();

    const account = await this.connection.requireAccount();
    const gmail = this.google.gmail(account.auth);

    const contacts = credential.leadContacts ?? [];
    const result: CreateEmailDraftsResult = { created: 0, skipped: 0, withoutEmail: 0, drafts: [] };
    for (const contact of contacts) {
      const address = contact.email?.trim().toLowerCase() ?? '';
      // isValidEmail admits no space, angle bracket or line break: nothing that could break the To header.
      if (!isValidEmail(address)) {
        result.withoutEmail += 1;
        continue;
      }
      const reservation = await this.repository.reserveDraft(
        {
          credentialId,
          contactEmail: address,
          contactName: contact.name.slice(0, 200),
          templateId: template.id,
          senderEmail: account.email,
        },
        STALE_RESERVATION_SECONDS,
      );
      if (!reservation) {
        result.skipped += 1;
        continue;
      }
      const rendered = renderEmailTemplate(
        template,
        emailTemplateValues({
          contact,
          credentialName: credential.name,
          totalCredits: credential.totalCredits,
          senderEmail: account.email,
        }),
      );
      const raw = toGmailRaw(
        buildMimeMessage({ from: account.email, to: { name: contact.name, email: address }, ...rendered }),
      );
      let draftId: string;
      try {
        const response = await gmail.users.drafts.create(
          { userId: 'me', requestBody: { message: { raw } } },
          { timeout: GMAIL_TIMEOUT_MS },
        );
        draftId = response.data.id ?? '';
      } catch (error) {
        await this.repository.releaseDraft(reservation);
        // Drafts already made stay recorded; the error tells the caller to try again for the rest.
        this.connection.handleGoogleError(error);
      }
      await this.repository.completeDraft(reservation, draftId);
      const summary: EmailDraftSummary = { contactName: contact.name, contactEmail: address, gmailDraftId: draftId };
      result.drafts.push(summary);
      result.created += 1;
    }
    return result;
  }
}
