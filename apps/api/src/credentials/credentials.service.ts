import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  Credential as CredentialDto,
  CredentialDocument as CredentialDocumentDto,
  DocumentDownload,
} from '@app/contracts';
import { ApplicantsRepository } from '../applicants/applicants.repository';
import { ownerFilter, type Viewer } from '../applicants/viewer';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { TransactionRunner } from '../database/transaction-runner';
import { StorageService } from '../storage/storage.service';
import { CredentialDocument } from './credential-document.entity';
import { Credential } from './credential.entity';
import { CredentialNotFoundError, DocumentNotFoundError, StaffOwnNoCredentialsError } from './credentials.errors';
import { CredentialsRepository } from './credentials.repository';

/** What the answer shows of a document: an entity, or a plain row of the same fields. */
export type CredentialDocumentFields = Pick<
  CredentialDocument,
  'id' | 'fileName' | 'documentType' | 'fileSize' | 'fileType' | 'createdAt'
>;

/** What the answer shows of a credential: an entity with its documents loaded, or a plain row of the same fields. */
export type CredentialFields = Pick<
  Credential,
  'id' | 'name' | 'status' | 'ownerId' | 'failureReason' | 'failureKind' | 'analysisStartedAt' | 'createdAt'
> & { documents: Iterable<CredentialDocumentFields> };

export function toCredentialDocumentDto(document: CredentialDocumentFields): CredentialDocumentDto {
  return {
    id: document.id,
    fileName: document.fileName,
    documentType: document.documentType,
    fileSize: document.fileSize,
    fileType: document.fileType,
    createdAt: document.createdAt.toISOString(),
  };
}

/** Needs the credential's documents loaded (every repository read loads them). */
export function toCredentialDto(credential: CredentialFields): CredentialDto {
  return {
    id: credential.id,
    name: credential.name,
    status: credential.status,
    ownerId: credential.ownerId,
    failureReason: credential.failureReason,
    failureKind: credential.failureKind,
    analysisStartedAt: credential.analysisStartedAt?.toISOString() ?? null,
    createdAt: credential.createdAt.toISOString(),
    documents: Array.from(credential.documents, (document) => toCredentialDocumentDto(document)),
  };
}

/** Only applicants own credentials; staff are refused (403). */
export function requireApplicant(viewer: Viewer): string {
  if (viewer.kind !== 'applicant') throw new StaffOwnNoCredentialsError();
  return viewer.applicantId;
}

@Injectable()
export class CredentialsService {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly applicants: ApplicantsRepository,
    private readonly storage: StorageService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly tx: TransactionRunner,
  ) {}

  /** The name arrives trimmed and checked by the DTO (credentialNameFieldError, libs/domain). */
  create(name: string, viewer: Viewer): Promise<CredentialDto> {
    return this.tx.run((em) => this.createIn(em, name, viewer));
  }

  /** create, on the caller's transaction's `em` (a credential submitted through the API commits with its key's row). */
  async createIn(em: EntityManager, name: string, viewer: Viewer): Promise<CredentialDto> {
    const applicantId = requireApplicant(viewer);
    // The web server chose the id when this browser first created something; the row follows on first use.
    await this.applicants.ensure(applicantId);
    return toCredentialDto(await this.repository.create(em, name, applicantId));
  }

  /** The credential entity with its documents; for other modules (analysis) that work on it. */
  findById(id: string): Promise<Credential | null> {
    return this.repository.findById(id);
  }

  /** The credential with its documents when the viewer owns it or is staff; 404 otherwise. */
  async requireVisible(id: string, viewer: Viewer): Promise<Credential> {
    const credential = await this.repository.findVisible(id, ownerFilter(viewer));
    if (!credential) throw new CredentialNotFoundError();
    return credential;
  }

  async get(id: string, viewer: Viewer): Promise<CredentialDto> {
    return toCredentialDto(await this.requireVisible(id, viewer));
  }

  /** A presigned GET of one document, valid DOCUMENT_URL_TTL_SECONDS, saved as a file of its checked type. */
  async documentDownload(id: string, documentId: string, viewer: Viewer): Promise<DocumentDownload> {
    const credential = await this.requireVisible(id, viewer);
    const document = credential.documents.getItems().find((d) => d.id === documentId);
    if (!document) throw new DocumentNotFoundError();
    const ttl = this.config.records.downloadUrlTtlSeconds;
    const url = await this.storage.createDownloadUrl(document.objectKey, {
      fileName: document.fileName,
      contentType: document.fileType,
      expiresInSeconds: ttl,
    });
    return { url, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() };
  }
}
