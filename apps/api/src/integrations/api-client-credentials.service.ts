import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type {
  AnalysisStarted,
  CredentialDocument,
  SubmittedCredentialOutcome,
  UploadCompleteRequest,
  UploadUrlResponse,
} from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import type { Viewer } from '../applicants/viewer';
import { AnalysisService } from '../analysis/analysis.service';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { CredentialsService } from '../credentials/credentials.service';
import { UploadsService } from '../uploads/uploads.service';
import type { UploadCompleteDto } from '../uploads/dto/upload-complete.dto';
import { SubmittedCredentialMismatchError, SubmittedCredentialNotFoundError } from './integrations.errors';
import { ApiClientCredentialsRepository } from './api-client-credentials.repository';

/**
 * Credentials an API client submits for an applicant it names by email. The credential belongs to that applicant's
 * account (created if new: the applicant can sign in with a link to that address and see it); the client acts as
 * that applicant for uploads and the analysis, on the credentials its key submitted only.
 */
@Injectable()
export class ApiClientCredentialsService {
  private readonly logger = new Logger(ApiClientCredentialsService.name);

  constructor(
    private readonly submissions: ApiClientCredentialsRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly credentials: CredentialsService,
    private readonly uploads: UploadsService,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly moduleRef: ModuleRef,
  ) {}

  async submit(email: string, name: string, client: AuthenticatedAdmin): Promise<SubmittedCredentialOutcome> {
    const keyId = requireKey(client);
    const applicantId = await this.applicants.ensureForEmail(email.trim().toLowerCase());
    const credentialId = await this.tx.run(async (em) => {
      const credential = await this.credentials.createIn(em, name, { kind: 'applicant', applicantId });
      await this.submissions.record(em, credential.id, keyId);
      await this.audit.record(
        em,
        client,
        'credential.submit',
        { type: 'credential', id: credential.id },
        `Credential submitted for applicant ${applicantId}`,
      );
      return credential.id;
    });
    this.logger.log(`Credential ${credentialId} submitted by API key ${keyId} for applicant ${applicantId}`);
    return this.outcome(credentialId, client);
  }

  async outcome(credentialId: string, client: AuthenticatedAdmin): Promise<SubmittedCredentialOutcome> {
    const outcome = await this.submissions.outcome(credentialId, requireKey(client));
    if (!outcome) throw new SubmittedCredentialNotFoundError();
    return outcome;
  }

  async uploadUrl(credentialId: string, client: AuthenticatedAdmin): Promise<UploadUrlResponse> {
    return this.uploads.createUploadUrl(await this.asOwner(credentialId, client));
  }

  async registerDocument(
    credentialId: string,
    body: UploadCompleteRequest,
    client: AuthenticatedAdmin,
  ): Promise<CredentialDocument> {
    if (body.credentialId !== credentialId) throw new SubmittedCredentialMismatchError();
    return this.uploads.registerUpload(body as UploadCompleteDto, await this.asOwner(credentialId, client));
  }

  async analyze(credentialId: string, client: AuthenticatedAdmin): Promise<AnalysisStarted> {
    const viewer = await this.asOwner(credentialId, client);
    // AnalysisModule is built per configuration (Redis or in-process), so its service is found at run time.
    return this.moduleRef.get(AnalysisService, { strict: false }).start(credentialId, viewer);
  }

  private async asOwner(credentialId: string, client: AuthenticatedAdmin): Promise<Viewer> {
    const owner = await this.submissions.ownerFor(credentialId, requireKey(client));
    if (!owner) throw new SubmittedCredentialNotFoundError();
    return { kind: 'applicant', applicantId: owner };
  }
}

function requireKey(client: AuthenticatedAdmin): string {
  if (!client.apiKey) throw new SubmittedCredentialNotFoundError();
  return client.apiKey.id;
}
