import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

// Checks docs/architecture.md's two structural rules on the source text: each table is written only in its owner's
// folder, and features do not import each other in a cycle; and decision 012's transaction rules. Plain text scans
// (the transaction rules read TypeScript's syntax tree, no type checking), so they stay fast and need no database.

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

/** A class method as written: `Class.method`, the names of its EntityManager parameters, its node. */
interface MethodText {
  key: string;
  emParams: Set<string>;
  takesEm: boolean;
  node: ts.MethodDeclaration;
  source: ts.SourceFile;
}

/** A class's methods, and its injected fields (constructor parameters) by the class they are typed with. */
interface ClassText {
  name: string;
  fields: Map<string, string>;
  methods: MethodText[];
  source: ts.SourceFile;
}

function classesOf(source: ts.SourceFile): ClassText[] {
  const classes: ClassText[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const className = node.name.text;
      const fields = new Map<string, string>();
      const methods: MethodText[] = [];
      for (const member of node.members) {
        if (ts.isConstructorDeclaration(member)) {
          for (const parameter of member.parameters) {
            if (parameter.modifiers?.length && parameter.type && ts.isTypeReferenceNode(parameter.type)) {
              fields.set(parameter.name.getText(source), parameter.type.typeName.getText(source));
            }
          }
        }
        if (ts.isMethodDeclaration(member) && member.body && ts.isIdentifier(member.name)) {
          const emParams = new Set(
            member.parameters
              .filter((parameter) => parameter.type?.getText(source) === 'EntityManager')
              .map((parameter) => parameter.name.getText(source)),
          );
          methods.push({
            key: `${className}.${member.name.text}`,
            emParams,
            takesEm: emParams.size > 0,
            node: member,
            source,
          });
        }
      }
      classes.push({ name: className, fields, methods, source });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return classes;
}

/** `this.em`, the EntityManager a repository was built with (it joins a transaction only through the ORM's context). */
function usesThisEm(node: ts.Node): boolean {
  let found = false;
  const visit = (child: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(child) &&
      child.expression.kind === ts.SyntaxKind.ThisKeyword &&
      child.name.text === 'em'
    ) {
      found = true;
    }
    if (!found) ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/**
 * `this.em` as the ORM's context resolves it (inside a transaction, the transaction's); `this.em.getConnection()`
 * without a transaction context runs on a pooled connection of its own and commits at once, and a fork is a fresh one.
 */
const JOINS_BY_CONTEXT = /\bthis\.em\b(?!\s*\.(?:getConnection|fork)\(\))/;
const WRITE_SQL =
  /\b(?:insert\s+into|delete\s+from|update\s+[a-z_]+\s+(?:[a-z]\w*\s+)?set|for\s+(?:no\s+key\s+)?update)\b/i;
const WRITE_CALLS = /\.(?:nativeUpdate|nativeDelete|persist\w*|flush|upsert\w*|insert\w*|remove\w*)\(/;

/** The calls `this.<field>.<method>(…)` and `this.<method>(…)` in a node, resolved to `Class.method`. */
function memberCalls(
  node: ts.Node,
  owner: ClassText,
): Array<{ callee: string; method: string; firstArg: string; at: number }> {
  const { source } = owner;
  const calls: Array<{ callee: string; method: string; firstArg: string; at: number }> = [];
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && ts.isPropertyAccessExpression(child.expression)) {
      const target = child.expression.expression;
      const method = child.expression.name.text;
      const className =
        target.kind === ts.SyntaxKind.ThisKeyword
          ? owner.name
          : ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword
            ? owner.fields.get(target.name.text)
            : undefined;
      if (className) {
        calls.push({
          callee: `${className}.${method}`,
          method,
          firstArg: child.arguments[0]?.getText(source) ?? '',
          at: source.getLineAndCharacterOfPosition(child.getStart(source)).line + 1,
        });
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return calls;
}

/**
 * The methods (`Class.method`) that write or lock rows without being handed an `em`: on the context's `this.em` (SQL
 * that inserts, updates, deletes or selects for update; the ORM's persist, flush, insert, upsert, native update or
 * delete), or by calling such a method (of an injected field, or their own) without passing their own `em` first.
 */
function implicitWriters(classes: ClassText[]): Set<string> {
  const all = classes.flatMap((owner) => owner.methods.map((method) => ({ method, owner })));
  const writers = new Set(
    all
      .filter(({ method: { node, source } }) => {
        const body = node.body?.getText(source) ?? '';
        return JOINS_BY_CONTEXT.test(body) && (WRITE_SQL.test(body) || WRITE_CALLS.test(body));
      })
      .map(({ method }) => method.key),
  );
  for (let grown = true; grown;) {
    grown = false;
    for (const { method, owner } of all) {
      if (writers.has(method.key)) continue;
      const calls = memberCalls(method.node, owner);
      if (calls.some((call) => writers.has(call.callee) && !method.emParams.has(call.firstArg))) {
        writers.add(method.key);
        grown = true;
      }
    }
  }
  return writers;
}

/**
 * Inside every transaction callback (`this.<runner>.run(async (em) => …)`, where `<runner>` is a TransactionRunner
 * field, and the callback of a class's own wrapper that hands its argument to the runner, like `this.change(…)`), each
 * call of a writer must pass the callback's `em` as its first argument.
 */
function implicitWritesInTransactions(classes: ClassText[], writers: Set<string>): string[] {
  const found: string[] = [];
  for (const owner of classes) {
    const { source } = owner;
    const runners = [...owner.fields].filter(([, type]) => type === 'TransactionRunner').map(([field]) => field);
    if (runners.length === 0) continue;
    const wrappers = owner.methods
      .filter(({ node }) =>
        memberCalls(node, owner).some(
          (call) =>
            call.callee === 'TransactionRunner.run' &&
            node.parameters.some((p) => p.name.getText(source) === call.firstArg),
        ),
      )
      .map(({ node }) => node.name.getText(source));
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const callee = node.expression;
        const isRun =
          callee.name.text === 'run' &&
          ts.isPropertyAccessExpression(callee.expression) &&
          callee.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
          runners.includes(callee.expression.name.text);
        const isWrapper = callee.expression.kind === ts.SyntaxKind.ThisKeyword && wrappers.includes(callee.name.text);
        const work = node.arguments[0];
        if ((isRun || isWrapper) && work && (ts.isArrowFunction(work) || ts.isFunctionExpression(work))) {
          const em = work.parameters[0]?.name.getText(source) ?? '(none)';
          for (const call of memberCalls(work.body, owner)) {
            if (writers.has(call.callee) && call.firstArg !== em) {
              const where = `${relative(SRC, source.fileName)}:${call.at}`;
              found.push(`${where} calls ${call.callee} without the transaction's em (${em}) first`);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const classes = files.flatMap((file) =>
  classesOf(ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true)),
);

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

  it('opens transactions only through the TransactionRunner, never in a repository or service', () => {
    const opened = new Map(
      files
        .map((file) => [relative(SRC, file.path), file.text.match(/\.transactional\s*[(<]/g)?.length ?? 0] as const)
        .filter(([, count]) => count > 0),
    );
    // The scan itself finds the runner's call.
    expect(opened.get(TRANSACTION_RUNNER)).toBe(1);
    opened.delete(TRANSACTION_RUNNER);
    const refused = [...opened].map(([path, count]) =>
      path.endsWith('.repository.ts')
        ? `${path} opens ${count} transaction(s): a repository takes the em of its service's TransactionRunner.run`
        : `${path} calls transactional ${count} time(s): use TransactionRunner.run`,
    );
    expect(refused).toEqual([]);
  });

  it('hands the transaction its em: a method given an EntityManager never also uses this.em', () => {
    const mixed = classes.flatMap((owner) =>
      owner.methods
        .filter(({ takesEm, node }) => takesEm && node.body && usesThisEm(node.body))
        .map(({ key, source }) => `${relative(SRC, source.fileName)} ${key} takes an em and also uses this.em`),
    );
    expect(mixed).toEqual([]);
  });

  it('hands the transaction its em: every write or lock inside tx.run passes the callback em first', () => {
    const writers = implicitWriters(classes);
    // The scan itself finds writers on the context's this.em, and the services that call them without an em.
    expect(writers).toContain('CohortSeatsRepository.joinWaitlist');
    expect(writers).toContain('CohortsService.joinWaitlist');
    expect(writers).not.toContain('CohortSeatsRepository.hold');
    const sample = classesOf(
      ts.createSourceFile(
        join(SRC, 'sample.service.ts'),
        `class SampleRepository {
          constructor(private readonly em: EntityManager) {}
          async lockRow(id: string) { await this.em.execute('select 1 from t where id = ? for update', [id]); }
          async save(em: EntityManager, id: string) { await em.execute('insert into t (id) values (?)', [id]); }
        }
        class SampleService {
          constructor(private readonly repository: SampleRepository, private readonly tx: TransactionRunner) {}
          private change<T>(work: (em: EntityManager) => Promise<T>) { return this.tx.run(work); }
          async both(id: string) {
            await this.tx.run(async (em) => { await this.repository.lockRow(id); await this.repository.save(em, id); });
            await this.change(async (em) => this.repository.lockRow(id));
          }
        }`,
        ts.ScriptTarget.Latest,
        true,
      ),
    );
    expect(implicitWritesInTransactions(sample, implicitWriters(sample))).toEqual([
      "sample.service.ts:10 calls SampleRepository.lockRow without the transaction's em (em) first",
      "sample.service.ts:11 calls SampleRepository.lockRow without the transaction's em (em) first",
    ]);
    expect(implicitWritesInTransactions(classes, writers)).toEqual([]);
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
