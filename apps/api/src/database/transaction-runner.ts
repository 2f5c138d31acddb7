import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * The one way to open a database transaction (docs/decisions/012-transactions.md): a service runs its steps in
 * `run`, and every write of another feature's table takes the transaction's `em` explicitly, so an action, its audit
 * event and its outbox mail commit or roll back together. Repositories never open one (architecture.spec.ts).
 */
@Injectable()
export class TransactionRunner {
  constructor(private readonly em: EntityManager) {}

  /** `work` gets the transaction's EntityManager, for writers that take one explicitly (the mail outbox). */
  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(em));
  }
}
