import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// Checks docs/architecture.md's two structural rules on the source text: each table is written only in its owner's
// folder, and features do not import each other in a cycle. Plain text scans, so they stay fast and need no database.

const SRC = __dirname;

/** The table → owning folder map of docs/architecture.md ("Who writes which table"). */
const TABLE_OWNERS: Record<string, string> = {
  training_pricing: 'trainings',
  bundle_pricing: 'trainings',
  payments: 'payments',
  payment_installments: 'payments',
  payment_refunds: 'payments',
  payment_refund_requests: 'payments',
  test_mode_intents: 'payments',
  cohorts: 'cohorts',
  cohort_seat_holds: 'cohorts',
  cohort_waitlist_entries: 'cohorts',
  enrollments: 'enrollments',
  admin_users: 'admin',
  revoked_tokens: 'admin',
  login_limit_counters: 'admin',
  api_keys: 'admin',
  api_client_credentials: 'integrations',
  webhook_endpoints: 'webhooks',
  webhook_events: 'webhooks',
  webhook_deliveries: 'webhooks',
  audit_events: 'audit',
  outbox: 'mail',
  issued_credentials: 'certificates',
  applicants: 'applicants',
  applicant_sessions: 'applicants',
  sign_in_tokens: 'sign-in',
  sign_in_limit_counters: 'sign-in',
  credentials: 'credentials',
  credential_documents: 'credentials',
  issued_uploads: 'uploads',
  analysis_records: 'analysis',
  evaluations: 'analysis',
  credential_reviews: 'reviews',
  object_deletions: 'erasure',
  catalog_courses: 'catalog',
  gmail_accounts: 'gmail',
  gmail_oauth_states: 'gmail',
  email_templates: 'gmail',
  email_drafts: 'gmail',
  promotion_codes: 'promotions',
  promotion_redemptions: 'promotions',
  receipts: 'receipts',
  receipt_counters: 'receipts',
};

/** Folders that are not features: the schema and seeds, configuration, cross-cutting helpers. */
const INFRASTRUCTURE = new Set(['database', 'config', 'common']);

/** The one place that opens a database transaction (docs/decisions/012-transactions.md). */
const TRANSACTION_RUNNER = join('database', 'transaction-runner.ts');

/**
 * Repositories that still open their own transactions, with how many times: each is to move into its service through
 * the TransactionRunner (issue 27). The list only shrinks; any other repository (or service) that opens one fails.
 */
const REPOSITORIES_STILL_OPENING_TRANSACTIONS: Record<string, number> = {
  [join('analysis', 'analysis.repository.ts')]: 2,
  [join('credentials', 'credentials.repository.ts')]: 1,
  [join('gmail', 'gmail.repository.ts')]: 1,
  [join('payments', 'payment-refunds.repository.ts')]: 1,
  [join('payments', 'payments.repository.ts')]: 4,
  [join('reviews', 'reviews.repository.ts')]: 1,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The top-level folder under src a file belongs to ('' for files directly in src). */
function folderOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0] : '';
}

const files = sourceFiles(SRC).map((path) => ({ path, folder: folderOf(path), text: readFileSync(path, 'utf8') }));

/** Entity class name → table name, from each `@Entity({ tableName })` followed by its class. */
function entityTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of files) {
    for (const match of file.text.matchAll(/@Entity\(\{[^}]*tableName:\s*'([a-z_]+)'[^}]*\}\)[\s\S]*?class\s+(\w+)/g)) {
      tables.set(match[2], match[1]);
    }
  }
  return tables;
}

/** Every write of a mapped table: SQL (insert into / update … set / delete from) and MikroORM calls on its entity. */
function writes(): Array<{ table: string; folder: string; where: string }> {
  const entities = entityTables();
  const found: Array<{ table: string; folder: string; where: string }> = [];
  for (const file of files) {
    if (file.folder === 'database') continue; // migrations and seeders create and fill the schema
    const where = relative(SRC, file.path);
    const sql = /\b(?:insert\s+into|delete\s+from)\s+([a-z_]+)|\bupdate\s+([a-z_]+)\s+(?:[a-z]\w*\s+)?set\b/gi;
    for (const match of file.text.matchAll(sql)) {
      const table = (match[1] ?? match[2]).toLowerCase();
      if (table in TABLE_OWNERS) found.push({ table, folder: file.folder, where });
    }
    const orm =
      /\b(?:nativeUpdate|nativeDelete|insert|insertMany|upsert|upsertMany|create)\(\s*(\w+)\s*,|\bnew\s+(\w+)\(\)/g;
    for (const match of file.text.matchAll(orm)) {
      const table = entities.get(match[1] ?? match[2]);
      if (table && !(match[1] === undefined && file.path.endsWith('.entity.ts'))) {
        found.push({ table, folder: file.folder, where });
      }
    }
  }
  return found;
}

/**
 * Feature folder → the feature folders it imports (relative imports only; infrastructure left out). A feature's
 * `*.errors.ts` is a leaf (it imports only common's AppError, checked below), so naming another feature's error is
 * not a dependency on that feature.
 */
function featureImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    if (!file.folder || INFRASTRUCTURE.has(file.folder)) continue;
    for (const match of file.text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      if (match[1].endsWith('.errors')) continue;
      const target = folderOf(resolve(dirname(file.path), match[1]));
      if (!target || target === file.folder || INFRASTRUCTURE.has(target)) continue;
      if (!graph.has(file.folder)) graph.set(file.folder, new Set());
      graph.get(file.folder)?.add(target);
    }
  }
  return graph;
}

/** Each cycle once, as its folders in import order starting from the smallest name. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]): void => {
    for (const next of graph.get(path[path.length - 1]) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0]);
        found.add([...cycle.slice(start), ...cycle.slice(0, start)].join(' → '));
      } else {
        walk([...path, next]);
      }
    }
  };
  for (const folder of graph.keys()) walk([folder]);
  return [...found].sort();
}

describe('architecture', () => {
  it('maps every table the migrations create to an owner', () => {
    const migrations = readdirSync(join(SRC, 'database', 'migrations'))
      .map((name) => readFileSync(join(SRC, 'database', 'migrations', name), 'utf8'))
      .join('\n');
    const created = [...migrations.matchAll(/create table (?:if not exists )?"?([a-z_]+)"?/gi)].map((m) => m[1]);
    expect(created.length).toBeGreaterThan(20);
    expect(created.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  it('finds the writes it checks (the scan itself works)', () => {
    const all = writes();
    expect(all).toContainEqual({
      table: 'enrollments',
      folder: 'enrollments',
      where: join('enrollments', 'enrollments.repository.ts'),
    });
    expect(all.some((w) => w.table === 'credentials' && w.where.endsWith('credentials.repository.ts'))).toBe(true);
  });

  it('writes each table only in its owner folder', () => {
    const outside = writes()
      .filter((write) => write.folder !== TABLE_OWNERS[write.table])
      .map((write) => `${write.table} written in ${write.where} (owner: ${TABLE_OWNERS[write.table]})`);
    expect([...new Set(outside)]).toEqual([]);
  });

  it('opens transactions only through the TransactionRunner, never in a repository', () => {
    const opened = new Map(
      files
        .map((file) => [relative(SRC, file.path), file.text.match(/\.transactional\s*[(<]/g)?.length ?? 0] as const)
        .filter(([, count]) => count > 0),
    );
    // The scan itself finds the runner's call.
    expect(opened.get(TRANSACTION_RUNNER)).toBe(1);
    opened.delete(TRANSACTION_RUNNER);
    const refused = [...opened]
      .filter(([path, count]) => count > (REPOSITORIES_STILL_OPENING_TRANSACTIONS[path] ?? 0))
      .map(([path, count]) =>
        path.endsWith('.repository.ts')
          ? `${path} opens ${count} transaction(s): a repository takes the em of its service's TransactionRunner.run`
          : `${path} calls transactional ${count} time(s): use TransactionRunner.run`,
      );
    expect(refused).toEqual([]);
  });

  it('keeps error files leaves: they import only common', () => {
    const errorFiles = files.filter((file) => file.path.endsWith('.errors.ts'));
    expect(errorFiles.length).toBeGreaterThan(5);
    const imports = errorFiles.flatMap((file) =>
      [...file.text.matchAll(/from\s*'(\.{1,2}\/[^']+)'/g)]
        .map((match) => folderOf(resolve(dirname(file.path), match[1])))
        .filter((target) => target !== file.folder && target !== 'common')
        .map((target) => `${file.path} imports ${target}`),
    );
    expect(imports).toEqual([]);
  });

  it('has no import cycle between feature folders', () => {
    const graph = featureImports();
    expect(graph.get('enrollments')).toContain('payments');
    // The search itself finds a cycle when there is one.
    const circle = new Map([
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['a', new Set(['b'])],
    ]);
    expect(cycles(circle)).toEqual(['a → b → c']);
    expect(cycles(graph)).toEqual([]);
  });
});
