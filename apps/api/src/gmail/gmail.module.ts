import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { EmailDraftsController } from './email-drafts.controller';
import { EmailDraftsService } from './email-drafts.service';
import { EmailTemplatesService } from './email-templates.service';
import { GmailConnectionService } from './gmail-connection.service';
import { GmailController } from './gmail.controller';
import { GmailRepository } from './gmail.repository';
import { GoogleClients } from './google-clients';

/** Gmail connection (OAuth), outreach templates and drafts. Leads and the checklist use its exports. */
@Module({
  imports: [AdminModule],
  controllers: [GmailController, EmailDraftsController],
  providers: [GmailRepository, GoogleClients, GmailConnectionService, EmailTemplatesService, EmailDraftsService],
  exports: [GmailConnectionService, EmailTemplatesService, GoogleClients],
})
export class GmailModule {}
