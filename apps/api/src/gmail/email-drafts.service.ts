import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { CreateEmailDraftsResult, EmailDraftSummary } from '@app/contracts';
import { emailTemplateValues, isValidEmail, renderEmailTemplate } from '@app/domain';
import { Credential } from '../credentials/credential.entity';
import { Evaluation } from '../analysis/evaluation.entity';
import { EntityManager } from '@mikro-orm/postgresql';
import { GmailConnectionService } from './gmail-connection.service';
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
    private readonly em: EntityManager,
    private readonly repository: GmailRepository,
    private readonly connection: GmailConnectionService,
    private readonly google: GoogleClients,
  ) {}

  async createForCredential(credentialId: string, templateId?: string): Promise<CreateEmailDraftsResult> {
    const em = this.em.fork();
    const credential = await em.findOne(Credential, { id: credentialId });
    if (!credential) throw new NotFoundException({ message: 'Credential not found', code: 'NOT_FOUND' });
    if (credential.status !== 'completed') {
      throw new ConflictException({
        message: 'Email drafts need a completed analysis of this credential',
        code: 'CONFLICT',
      });
    }
    const evaluation = await em.findOne(Evaluation, { credential: credentialId });
    const template = templateId
      ? await this.repository.findTemplate(templateId)
      : await this.repository.findDefaultTemplate();
    if (!template) throw new NotFoundException({ message: 'Email template not found', code: 'NOT_FOUND' });

    const account = await this.connection.requireAccount();
    const gmail = this.google.gmail(account.auth);

    const contacts = evaluation?.leadContacts ?? [];
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
          totalCredits: evaluation?.totalCredits ?? null,
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
