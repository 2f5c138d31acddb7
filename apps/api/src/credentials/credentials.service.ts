import { Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_USER_ID,
  type Credential as CredentialDto,
  type CredentialDocument as CredentialDocumentDto,
} from '@app/contracts';
import { CredentialDocument } from './credential-document.entity';
import { Credential } from './credential.entity';
import { CredentialsRepository } from './credentials.repository';

export function toCredentialDocumentDto(document: CredentialDocument): CredentialDocumentDto {
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
export function toCredentialDto(credential: Credential): CredentialDto {
  return {
    id: credential.id,
    name: credential.name,
    status: credential.status,
    userId: credential.userId,
    failureReason: credential.failureReason,
    createdAt: credential.createdAt.toISOString(),
    documents: credential.documents.getItems().map(toCredentialDocumentDto),
  };
}

@Injectable()
export class CredentialsService {
  constructor(private readonly repository: CredentialsRepository) {}

  async list(): Promise<CredentialDto[]> {
    return (await this.repository.list()).map(toCredentialDto);
  }

  /** The name arrives trimmed and checked by the DTO (the domain rule normalizeCredentialName). */
  async create(name: string, userId: string = DEFAULT_USER_ID): Promise<CredentialDto> {
    return toCredentialDto(await this.repository.create(name, userId));
  }

  /** The credential entity with its documents; for other modules (analysis) that work on it. */
  findById(id: string): Promise<Credential | null> {
    return this.repository.findById(id);
  }

  /** The credential entity with its documents, or a 404. */
  async requireById(id: string): Promise<Credential> {
    const credential = await this.repository.findById(id);
    if (!credential) throw new NotFoundException({ message: 'Credential not found', code: 'NOT_FOUND' });
    return credential;
  }

  async get(id: string): Promise<CredentialDto> {
    return toCredentialDto(await this.requireById(id));
  }
}
