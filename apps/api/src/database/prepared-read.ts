import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';

/** Statement names by SQL text: the texts are the code's query shapes (values are parameters), so the map is bounded. */
const names = new Map<string, string>();

function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `r${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * A read run as a named prepared statement (docs/decisions/017-prepared-hot-reads.md): each pooled connection parses
 * and plans it once, then only binds and executes it. `em.execute` sends the SQL with the values inlined, planned on
 * every call; for the admin panel's three reads planning was two thirds of PostgreSQL's CPU (issue 28). Same `?`
 * parameters as `em.execute`, same rows (the connection's type parsers), same exceptions, the caller's transaction.
 */
export async function preparedRead<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const query = em
    .getKnex()
    .raw(sql, params as unknown[])
    .options({ name: statementName(sql) });
  const transaction = em.getTransactionContext();
  if (transaction) query.transacting(transaction);
  try {
    return ((await query) as { rows: T[] }).rows;
  } catch (error) {
    throw em.getDriver().convertException(error as Error);
  }
}
