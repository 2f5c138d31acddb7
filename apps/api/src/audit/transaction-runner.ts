import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * Runs a service's steps in one database transaction. Repositories called inside it (through their EntityManager's
 * context) join it, so an admin action and its audit event commit or roll back together.
 */
@Injectable()
export class TransactionRunner {
  constructor(private readonly em: EntityManager) {}

  /** `work` gets the transaction's EntityManager, for writers that take one explicitly (the mail outbox). */
  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(em));
  }
}
