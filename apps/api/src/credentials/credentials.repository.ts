import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CredentialDocument } from './credential-document.entity';
import { Credential } from './credential.entity';

export type NewDocument = Pick<CredentialDocument, 'fileName' | 'documentType' | 'fileSize' | 'fileType' | 'objectKey'>;

export type AddDocumentResult =
  | { outcome: 'added'; document: CredentialDocument }
  | { outcome: 'credential-not-found' }
  | { outcome: 'credential-analyzing' };

/** The only place that queries credentials and their documents. */
@Injectable()
export class CredentialsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every credential with its documents, newest first. */
  list(): Promise<Credential[]> {
    return this.em.find(Credential, {}, { populate: ['documents'], orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** One credential with its documents loaded, or null. */
  findById(id: string): Promise<Credential | null> {
    return this.em.findOne(Credential, { id }, { populate: ['documents'] });
  }

  async create(name: string, userId: string): Promise<Credential> {
    const credential = Object.assign(new Credential(), { name, userId });
    await this.em.persistAndFlush(credential);
    await this.em.populate(credential, ['documents']);
    return credential;
  }

  /**
   * Adds a document under a row lock on the credential, so a document never slips in after an analysis has
   * started reading the credential's documents.
   */
  addDocumentUnlessAnalyzing(credentialId: string, document: NewDocument): Promise<AddDocumentResult> {
    return this.em.transactional(async (em) => {
      const credential = await em.findOne(Credential, { id: credentialId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!credential) return { outcome: 'credential-not-found' };
      if (credential.status === 'analyzing') return { outcome: 'credential-analyzing' };
      const created = Object.assign(new CredentialDocument(), document, { credential });
      await em.persistAndFlush(created);
      return { outcome: 'added', document: created };
    });
  }
}
