import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import { Cron, CronExpression } from '@nestjs/schedule';
import { isDocumentType, type CredentialDocument as CredentialDocumentDto } from '@app/contracts';
import {
  MAX_UPLOAD_BYTES,
  MIME_TYPE_BY_FILE_KIND,
  detectFileKind,
  guessDocumentType,
  type FileKind,
} from '@app/domain';
import { randomUUID } from 'node:crypto';
import { ownerFilter, type Viewer } from '../applicants/viewer';
import type { AppError } from '../common/errors/app-error';
import { CredentialNotFoundError } from '../credentials/credentials.errors';
import { CredentialsRepository } from '../credentials/credentials.repository';
import { toCredentialDocumentDto } from '../credentials/credentials.service';
import { StorageService } from '../storage/storage.service';
import type { UploadCompleteDto } from './dto/upload-complete.dto';
import {
  DocumentsLockedByAnalysisError,
  EmptyFileError,
  FileTooLargeError,
  NoFileUploadedError,
  UnsupportedFileTypeError,
  UploadAlreadyRegisteredError,
  UploadUrlExpiredError,
  UploadUrlNotIssuedError,
} from './uploads.errors';
import { UploadsRepository } from './uploads.repository';

/** Keys are always chosen here; registration accepts nothing else. */
const KEY_PREFIX = 'uploads/';
/** Where registered documents live: keys the browser never had a URL for. */
const DOCUMENT_PREFIX = 'documents/';
const ISSUED_KEY = /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Enough for every signature; a DOCX may need more (see detectKind). */
const SNIFF_BYTES = 64 * 1024;
const SWEEP_BATCH = 200;
const LEFTOVER_WINDOW_MS = 3 * 60 * 60 * 1000;

export function isIssuedKeyFormat(key: string): boolean {
  return ISSUED_KEY.test(key);
}

/** A refusal after the key was spent: the object is ours and unregistered, so it is removed. */
class RefusedUpload extends Error {
  constructor(readonly response: AppError) {
    super(response.message);
  }
}

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly storage: StorageService,
    private readonly uploads: UploadsRepository,
    private readonly credentials: CredentialsRepository,
    private readonly tx: TransactionRunner,
  ) {}

  /** A presigned PUT URL for a fresh key, recorded (with whom it was issued to) so that only it can be registered. */
  async createUploadUrl(viewer: Viewer): Promise<{ uploadURL: string }> {
    const key = `${KEY_PREFIX}${randomUUID()}`;
    const uploadURL = await this.storage.createUploadUrl(key);
    const expiresAt = new Date(Date.now() + this.storage.uploadUrlTtlSeconds * 1000);
    await this.uploads.recordIssued(key, expiresAt, ownerFilter(viewer));
    return { uploadURL };
  }

  /**
   * Registers an uploaded object as a credential's document after checking that this server issued its key
   * (once), that it exists, and its real size and type. The document is a copy under a key of its own (see seal);
   * a refusal for a key we issued removes the object.
   */
  async registerUpload(request: UploadCompleteDto, viewer: Viewer): Promise<CredentialDocumentDto> {
    const key = await this.issuedKeyOf(request.uploadURL);
    if (!key) throw new UploadUrlNotIssuedError();
    const issued = await this.uploads.findIssued(key);
    // Another applicant's upload reads as not issued, and stays unspent for its owner. Staff may register any upload.
    if (!issued || !this.mayRegister(issued.applicantId, viewer)) throw new UploadUrlNotIssuedError();
    // Spending the key first means a concurrent second registration can never delete a registered file.
    if (issued.spentAt || !(await this.uploads.spend(key))) {
      throw new UploadAlreadyRegisteredError();
    }
    try {
      if (Date.now() > this.registrationDeadline(issued.expiresAt).getTime()) {
        throw new RefusedUpload(new UploadUrlExpiredError());
      }
      const documentKey = await this.seal(key);
      const document = await this.addDocument(request, documentKey, viewer).catch(async (error: unknown) => {
        await this.deleteQuietly(documentKey);
        throw error;
      });
      // The upload URL may still be valid and can write here again, but nothing ever reads this key.
      await this.deleteQuietly(key);
      return toCredentialDocumentDto(document);
    } catch (error) {
      if (error instanceof RefusedUpload) {
        await this.deleteQuietly(key);
        throw error.response;
      }
      // Not the upload's fault (storage or database trouble): let the same upload be registered on a retry.
      await this.uploads
        .unspend(key)
        .catch((cause: unknown) => this.logger.warn(`Could not release ${key}: ${String(cause)}`));
      throw error;
    }
  }

  /**
   * For a request refused before it reached registerUpload (a missing or invalid field): removes the object
   * when its URL is one we issued and not yet used. Never touches keys we did not issue or already registered.
   */
  async discardUnregistered(uploadURL: unknown): Promise<void> {
    if (typeof uploadURL !== 'string') return;
    const key = await this.issuedKeyOf(uploadURL);
    if (!key || !(await this.uploads.findIssued(key)) || !(await this.uploads.spend(key))) return;
    await this.deleteQuietly(key);
  }

  /**
   * Removes objects whose upload was never registered, once nobody can register them any more; and what a PUT to a
   * registered upload's URL left at its key (never read: the document is a copy) once that URL has expired.
   */
  @Cron(CronExpression.EVERY_HOUR)
  async sweepAbandonedUploads(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.storage.uploadUrlTtlSeconds * 1000);
    const keys = await this.uploads.findAbandoned(before, SWEEP_BATCH);
    let removed = 0;
    for (const key of keys) {
      if (!(await this.uploads.spend(key))) continue;
      await this.deleteQuietly(key);
      removed++;
    }
    // Hourly runs: a window of a few hours covers the URLs that expired since the last runs, even if one was missed.
    const since = new Date(now.getTime() - LEFTOVER_WINDOW_MS);
    for (const key of await this.uploads.findRegisteredExpiredBetween(since, now, SWEEP_BATCH))
      await this.deleteQuietly(key);
    return removed;
  }

  /**
   * Copies the upload to a key no URL was ever issued for, so a PUT to the upload URL after registration cannot
   * change the registered document: its checks and the analysis both read only the copy.
   */
  private async seal(uploadKey: string): Promise<string> {
    const upload = await this.storage.head(uploadKey);
    if (!upload) throw new RefusedUpload(new NoFileUploadedError());
    // Refused before copying; the copy is checked again, since the upload can change until the copy is made.
    if (upload.size > MAX_UPLOAD_BYTES) throw new RefusedUpload(new FileTooLargeError());
    const documentKey = `${DOCUMENT_PREFIX}${randomUUID()}`;
    await this.storage.copy(uploadKey, documentKey);
    return documentKey;
  }

  /** Another applicant's credential reads as not found (404), exactly like a missing one. */
  private async addDocument(request: UploadCompleteDto, objectKey: string, viewer: Viewer) {
    const { size, kind } = await this.inspect(objectKey);
    const documentType = isDocumentType(request.documentType)
      ? request.documentType
      : guessDocumentType(request.fileName);
    const result = await this.tx.run((em) =>
      this.credentials.addDocumentUnlessAnalyzing(
        em,
        request.credentialId,
        {
          fileName: request.fileName,
          documentType,
          fileSize: size,
          fileType: MIME_TYPE_BY_FILE_KIND[kind],
          objectKey,
        },
        ownerFilter(viewer),
      ),
    );
    if (result.outcome === 'credential-not-found') throw new RefusedUpload(new CredentialNotFoundError());
    if (result.outcome === 'credential-analyzing') throw new RefusedUpload(new DocumentsLockedByAnalysisError());
    return result.document;
  }

  private mayRegister(issuedTo: string | null, viewer: Viewer): boolean {
    return viewer.kind === 'staff' || issuedTo === viewer.applicantId;
  }

  /** An upload that started just before its URL expired may still be finishing: allow one more URL lifetime. */
  private registrationDeadline(urlExpiresAt: Date): Date {
    return new Date(urlExpiresAt.getTime() + this.storage.uploadUrlTtlSeconds * 1000);
  }

  private async issuedKeyOf(uploadURL: string): Promise<string | null> {
    const key = await this.storage.objectKeyFromUrl(uploadURL);
    return key && isIssuedKeyFormat(key) ? key : null;
  }

  private async inspect(key: string): Promise<{ size: number; kind: FileKind }> {
    const head = await this.storage.head(key);
    if (!head) throw new RefusedUpload(new NoFileUploadedError());
    if (head.size > MAX_UPLOAD_BYTES) throw new RefusedUpload(new FileTooLargeError());
    if (head.size === 0) throw new RefusedUpload(new EmptyFileError());
    const kind = await this.detectKind(key, head.size);
    if (!kind) throw new RefusedUpload(new UnsupportedFileTypeError());
    return { size: head.size, kind };
  }

  /**
   * A DOCX is a zip whose 'word/' entry names may come after other compressed entries, so a zip that the
   * first bytes do not settle is read whole (it is at most 10 MiB by now).
   */
  private async detectKind(key: string, size: number): Promise<FileKind | null> {
    const head = await this.storage.read(key, Math.min(size, SNIFF_BYTES));
    const kind = detectFileKind(head);
    if (kind || size <= SNIFF_BYTES || !isZip(head)) return kind;
    return detectFileKind(await this.storage.read(key));
  }

  private async deleteQuietly(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      // The sweep cannot retry a spent key, so say which object was left behind.
      this.logger.warn(`Could not delete refused upload ${key}: ${String(error)}`);
    }
  }
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
