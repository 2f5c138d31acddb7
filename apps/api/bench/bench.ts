import autocannon from 'autocannon';
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes, randomUUID } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import { APPLICANT_TOKEN_AUDIENCE, APPLICANT_TOKEN_HEADER } from '@app/contracts';
import { certificatePng, longSyllabusPdf, transcriptDocx } from '../test/fixtures';
import { freePort } from '../../../tools/testing/free-port';
import { createTestDatabase } from '../../../tools/testing/test-database';

/**
 * `npm run bench`: the figures of issue 18, each beside a baseline measured in the same run, on this machine. Starts
 * the built API (its own process, as in production, on a fresh database of the test PostgreSQL), a bare node:http + pg
 * server running the same SQL, and the built web app when there is one; load comes from autocannon. Prints figures and
 * asserts nothing.
 */
const ROOT = resolve(__dirname, '../../../../../..');
const BENCH_DIR = resolve(ROOT, 'apps/api/bench');
const DIST = resolve(__dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const APPLICANT_SECRET = randomBytes(32).toString('hex');
/** `BENCH_ONLY=a,c` runs only those parts (a–g; `analysis` for the analysis bench); all of them by default. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wants = (part: string) => !ONLY || ONLY.includes(part);
/** `BENCH_READS=/api/cohorts,…`: only those routes in part (a), e.g. to profile one. */
const READS = process.env.BENCH_READS?.split(',').map((path) => path.trim());
/**
 * `BENCH_PROFILE=<dir>`: the API and the web server run with `node --cpu-prof`, writing their profiles there when they
 * stop (open them in Chrome DevTools, or summarise them with `node apps/api/bench/profile-top.mjs <file>`).
 */
/**
 * `BENCH_ACCEPT_ENCODING=br`: part (c)'s pages asked for compressed, on the fly (default: as autocannon asks, with no
 * Accept-Encoding); `br|gzip|identity` measures each in turn.
 */
const ACCEPT_ENCODINGS = process.env.BENCH_ACCEPT_ENCODING?.split('|').map((value) => value.trim()) ?? [null];
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
const profiled = (args: string[]) => (PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`, ...args] : args);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Average response size (headers and body), bytes. */
  bytes: number;
}

async function waitFor(url: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Waits until a server has worked off what an earlier run left queued, so one run does not slow the next. */
async function settle(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const start = performance.now();
    await fetch(url).catch(() => undefined);
    if (performance.now() - start < 50) return;
    await new Promise((done) => setTimeout(done, 250));
  }
}

async function load(url: string, connections: number, options: Partial<autocannon.Options> = {}): Promise<Load> {
  await settle(url);
  const result = await autocannon({ url, connections, duration: SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

const n = (value: number, digits = 0) => value.toFixed(digits).padStart(7);
const line = (label: string, measured: Load, baseline: Load, baselineLabel: string) =>
  console.log(
    `  ${label.padEnd(26)} ${n(measured.rps)} req/s p99 ${n(measured.p99)} ms err ${measured.errors} | ${baselineLabel} ${n(baseline.rps)} req/s p99 ${n(baseline.p99)} ms | ratio ${(
      (100 * measured.rps) /
      baseline.rps
    ).toFixed(0)}%`,
  );

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** JavaScript a route ships (entry, root, the route and their imports), gzipped, from React Router's client manifest. */
function pageWeight(clientDir: string, routeId: string): number {
  const assets = join(clientDir, 'assets');
  const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error('no React Router manifest in build/client/assets');
  const source = readFileSync(join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const files = new Set<string>([manifestFile && `/assets/${manifestFile}`]);
  for (const part of [manifest.entry, manifest.routes.root, manifest.routes[routeId]]) {
    if (!part) continue;
    files.add(part.module);
    for (const file of part.imports ?? []) files.add(file);
  }
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(clientDir, file))).length;
  return bytes / 1024;
}

/** One GET as a browser sends it (brotli or gzip accepted): the bytes as they cross the wire, and decompressed. */
function wireGet(url: string): Promise<{ wire: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ wire: raw.length, body, encoding });
      });
    }).on('error', reject);
  });
}

/**
 * The JavaScript a page makes the browser fetch (its module scripts, modulepreload links and the inline module's
 * imports), as served by the running web server: bytes on the wire, and uncompressed.
 */
async function wireWeight(origin: string, page: string): Promise<{ wire: number; plain: number; files: number }> {
  const html = (await wireGet(`${origin}${page}`)).body.toString('utf8');
  const paths = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.js)"/g))
    paths.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) paths.add(match[1]);
  let wire = 0;
  let plain = 0;
  for (const path of paths) {
    const answer = await wireGet(`${origin}${path}`);
    wire += answer.wire;
    plain += answer.body.length;
  }
  return { wire: wire / 1024, plain: plain / 1024, files: paths.size };
}

const LIGHTHOUSE_CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface LighthouseFigures {
  score: number;
  summary: string;
}

/**
 * Lighthouse's performance score of one page: the lighthouse npm package's CLI driving Debian's Chromium (headless),
 * its default mobile profile with simulated throttling; `extraHeaders` go with every request of the page.
 */
/**
 * One Lighthouse run, tried again once when Lighthouse itself fails (it sometimes loses the trace of a page load,
 * "NO_NAVSTART", and asks to be run again); a second failure ends the bench.
 */
async function lighthouse(url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
  try {
    return await lighthouseOnce(url, extraHeaders);
  } catch (error) {
    console.log(`  (Lighthouse failed once on ${url}, running it again: ${String(error).slice(0, 160)})`);
    return lighthouseOnce(url, extraHeaders);
  }
}

async function lighthouseOnce(url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--quiet',
    '--output=json',
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (extraHeaders) args.push(`--extra-headers=${JSON.stringify(extraHeaders)}`);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${err.slice(-500)}`);
  const report = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { displayValue?: string }>;
  };
  const audit = (id: string) => report.audits[id]?.displayValue ?? '?';
  return {
    score: report.categories.performance.score,
    summary: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, ${audit('total-byte-weight').replace('Total size was ', '')}`,
  };
}

/** The cookies a browser keeps from an answer's Set-Cookie headers (name=value only), merged into `jar`. */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0];
    const equals = pair.indexOf('=');
    const [name, value] = [pair.slice(0, equals), pair.slice(equals + 1)];
    if (value === '' || /max-age=0/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Map<string, string>, only?: string[]) =>
  [...jar]
    .filter(([name]) => !only || only.includes(name))
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** Other applicants' records stored beside the bench's own visitor (issue 28: ~300 of them). */
const OTHER_APPLICANTS = 300;
/** The bench applicant's own credentials, created through the web app's form. */
const OWN_CREDENTIALS = ['BA Psychology', 'MSc Counselling', 'Certificate in Play Therapy'];

/**
 * The signed-in visitors of part (c), made the way a browser becomes one: an applicant who created three credentials
 * on /evaluation (its applicant cookie, signed by the web server; one credential completed with a document and an
 * evaluation), among 300 other applicants' credentials; and an admin who logged in at /admin (the session cookie,
 * after the panel's first view took the login toast).
 */
async function signedInVisitors(
  webUrl: string,
  sql: Client,
): Promise<{ applicant: string; admin: string; applicantId: string }> {
  const owners = Array.from({ length: OTHER_APPLICANTS }, () => randomUUID());
  await sql.query(`insert into applicants (id, email, created_at) select unnest($1::uuid[]), null, now()`, [owners]);
  await sql.query(
    `insert into credentials (id, name, owner_id, status, failure_reason, analysis_started_at, created_at, updated_at)
     select gen_random_uuid(), 'Other applicant ' || a.id, a.id, 'completed', null, now(), now(), now()
       from applicants a where a.id = any($1::uuid[])`,
    [owners],
  );
  const withRecords = async (ownerIds: string[], credentialIds: string[] | null) => {
    const where = credentialIds ? 'c.id = any($1::uuid[])' : 'c.owner_id = any($1::uuid[])';
    const ids = credentialIds ?? ownerIds;
    await sql.query(
      `insert into credential_documents (id, credential_id, file_name, document_type, file_size, file_type, object_key, created_at)
       select gen_random_uuid(), c.id, 'transcript.pdf', 'transcript', 1000, 'application/pdf', 'uploads/' || gen_random_uuid(), now()
         from credentials c where ${where}`,
      [ids],
    );
    await sql.query(
      `insert into evaluations (id, credential_id, total_credits, contact_hours, matched_courses, rigor_score, rigor_explanation,
         topic_relevance, learning_objectives, assessment_methods, instruction_hours, curriculum_structure, credential_source_clarity,
         completion_evidence, minimum_requirements_met, certificate_details, lead_contacts, course_equivalencies, created_at)
       select gen_random_uuid(), c.id, 4, 40, '[]', 7, '[]', true, true, true, true, true, true, true, true,
              '{"recipientName":null,"issuingOrganization":null,"certificateAuthor":null,"completionDate":null}', '[]', '[]', now()
         from credentials c where ${where}`,
      [ids],
    );
  };
  await withRecords(owners, null);

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const jar = new Map<string, string>();
  for (const name of OWN_CREDENTIALS) {
    const answer = await fetch(`${webUrl}/evaluation`, {
      ...form({ intent: 'create-credential', name }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar, ['__applicant']) },
    });
    if (answer.status >= 400) throw new Error(`creating a credential on /evaluation: ${answer.status}`);
    keepCookies(jar, answer);
  }
  const applicant = cookieHeader(jar, ['__applicant']);
  const own = await sql.query<{ id: string; owner_id: string }>(
    'select id, owner_id from credentials where name = $1',
    [OWN_CREDENTIALS[0]],
  );
  if (!applicant || own.rows.length !== 1) throw new Error('the bench applicant was not created');
  await withRecords([], [own.rows[0].id]);
  await sql.query(`update credentials set status = 'completed' where id = $1`, [own.rows[0].id]);

  const adminJar = new Map<string, string>();
  const login = await fetch(
    `${webUrl}/admin?index`,
    form({ username: 'bench-admin', password: 'bench-password-1234' }),
  );
  keepCookies(adminJar, login);
  const panel = await fetch(`${webUrl}/admin/panel`, {
    redirect: 'manual',
    headers: { cookie: cookieHeader(adminJar) },
  });
  if (panel.status !== 200) throw new Error(`the bench admin's panel: ${panel.status}`);
  keepCookies(adminJar, panel);
  await panel.arrayBuffer();
  return { applicant, admin: cookieHeader(adminJar), applicantId: own.rows[0].owner_id };
}

/** CPU time (user + system) a process has used, ms; 0 when it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `ppid` (the web server's cluster workers). */
function childPids(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** PostgreSQL's backends serving `database` (their title names it), on this machine. */
function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * CPU time per request of each part of the stack during one load run, from /proc (user + system time): unlike
 * throughput, it hardly moves when other work shares the cores, so it says where a page's time goes on a busy machine.
 */
async function cpuPerRequest<T extends { requests: number }>(
  parts: Record<string, () => number[]>,
  run: () => Promise<T>,
): Promise<{ result: T; perRequest: Record<string, number> }> {
  const pids = Object.fromEntries(Object.entries(parts).map(([name, list]) => [name, list()]));
  const sum = (list: number[]) => list.reduce((total, pid) => total + cpuMsOf(pid), 0);
  const before = Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, sum(list)]));
  const result = await run();
  const perRequest = Object.fromEntries(
    Object.entries(pids).map(([name, list]) => [name, (sum(list) - before[name]) / Math.max(1, result.requests)]),
  );
  return { result, perRequest };
}

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  logDir: string,
): ChildProcess {
  const log = openSync(join(logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log] });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} stopped (${signal ?? code}); see ${join(logDir, `${name}.log`)}`);
  });
  return child;
}
let stopping = false;

async function main(): Promise<void> {
  const cpu = cpus();
  console.log(
    `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; ${SECONDS} s per load run`,
  );
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const children: ChildProcess[] = [];
  const sql = new Client({ connectionString: database.url });
  try {
    const [apiPort, s3Port, barePort, webPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const baseEnv = {
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          ([key]) => !/^(DATABASE_URL|REDIS_URL|S3_|STRIPE_|OPENAI_|GOOGLE_|GMAIL_|ADMIN_|API_URL|PORT$)/.test(key),
        ),
      ),
      // Web and API share it: the bench acts as the web server when it calls credential routes (docs/decisions/007).
      APPLICANT_TOKEN_SECRET: APPLICANT_SECRET,
      // The web server and the render-limit process verify the same signed cookies (the signed-in visitors of part c).
      SESSION_SECRET: randomBytes(32).toString('hex'),
    };
    const apiEnv = {
      ...baseEnv,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      EMBEDDED_S3_PORT: String(s3Port),
      WEB_URL: `http://127.0.0.1:${webPort}`,
      JWT_SECRET: 'bench-secret',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-password-1234',
    };
    const api = start('api', process.execPath, profiled([join(DIST, 'src/main.js')]), apiEnv, ROOT, dataDir);
    children.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitFor(`${apiUrl}/api/health`, 180);
    await new Promise((done) => setTimeout(done, 3000));
    const idleRss = rssMb(api.pid!);

    await sql.connect();
    const databaseName = new URL(database.url).pathname.slice(1);
    const trainings = (
      await sql.query<{ training_name: string }>('select training_name from training_pricing')
    ).rows.map((r) => r.training_name);
    // A year of monthly cohorts for each training, then 2,000 enrollments spread over them.
    await sql.query(
      `insert into cohorts (id, training_name, cohort_month, created_at)
       select gen_random_uuid(), t, to_char(date '2027-01-01' + m * interval '1 month', 'YYYY-MM'), now()
       from unnest($1::text[]) as t, generate_series(0, 11) as m
       on conflict do nothing`,
      [trainings],
    );
    await sql.query(
      `insert into enrollments (id, student_name, student_email, training_name, cohort_id, payment_type, payment_amount,
         enrollment_status, notes, is_manual_entry, payment_intent_id, created_at)
       select gen_random_uuid(), 'Student ' || i, 'student' || i || '@example.com', ($1::text[])[1 + i % array_length($1::text[], 1)],
         (select id from cohorts order by cohort_month limit 1 offset i % greatest(1, (select count(*) from cohorts))), 'full', 150000,
         'active', null, true, null, now() - i * interval '1 minute'
       from generate_series(1, 2000) as i`,
      [trainings],
    );
    // Production's autovacuum analyzes the tables; this server's does not, and without statistics PostgreSQL misplans.
    await sql.query('analyze');
    const login = await fetch(`${apiUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password: 'bench-password-1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const admin = { authorization: `Bearer ${token}` };

    const bare = fork(join(__dirname, 'bare-server.js'), [], {
      env: { ...baseEnv, DATABASE_URL: database.url, PORT: String(barePort) },
      stdio: 'ignore',
    });
    children.push(bare);
    await once(bare, 'message');
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const json = { 'content-type': 'application/json', origin: `http://127.0.0.1:${webPort}` };

    if (wants('a')) {
      console.log(
        `\n(a) API reads at 50 connections (${trainings.length * 12} cohorts, 2,000 enrollments stored) vs bare node:http + pg, same SQL:`,
      );
      for (const [path, headers] of [
        ['/api/training-pricing', {}],
        ['/api/cohorts', {}],
        // What the admin panel calls: the first page (50 rows) of the table; then the spec's full list of 2,000.
        ['/api/admin/enrollments/search', admin],
        ['/api/admin/enrollments', admin],
      ] as const) {
        if (READS && !READS.includes(path)) continue;
        await load(`${apiUrl}${path}`, 10, { duration: 1, headers }); // warm-up
        const measured = await load(`${apiUrl}${path}`, 50, { headers });
        const baseline = await load(`${bareUrl}${path}`, 50);
        line(`GET ${path.replace('/api/admin/', '…/')}`, measured, baseline, 'bare');
      }
    }
    if (wants('b')) {
      console.log(`\n(b) A route without database vs bare node:http:`);
      line(
        'GET /api/payments/config',
        await load(`${apiUrl}/api/payments/config`, 50),
        await load(`${bareUrl}/api/payments/config`, 50),
        'bare',
      );
    }

    if (wants('c')) {
      // The web server runs in production mode: WEB_CONCURRENCY processes, one per core unless set (server.mjs).
      const webProcesses = Number(process.env.WEB_CONCURRENCY?.trim() || availableParallelism());
      console.log(
        `\n(c) Server-rendered pages at 20 connections (web server: ${webProcesses} process${webProcesses === 1 ? '' : 'es'}, WEB_CONCURRENCY) vs the route's React tree by renderToString on fixed data (one process):`,
      );
      const webBuild = join(ROOT, 'apps/web/build');
      if (!existsSync(join(webBuild, 'server/index.mjs'))) {
        console.log('  skipped: no web build (npx nx run web:build)');
      } else {
        const startWeb = (name: string, dir: string, port: number) =>
          start(
            name,
            process.execPath,
            profiled(['server.mjs']),
            {
              ...baseEnv,
              NODE_ENV: 'production',
              PORT: String(port),
              HOST: '127.0.0.1',
              API_URL: apiUrl,
              SESSION_COOKIE_SECURE: 'false',
            },
            dir,
            dataDir,
          );
        const web = startWeb('web', join(ROOT, 'apps/web'), webPort);
        children.push(web);
        /**
         * `BENCH_COMPARE_WEB=<dir>`: a second web server (that directory's server.mjs and build/, e.g. another
         * commit's, with node_modules reachable from it) on the same API, measured in turn with this one for
         * BENCH_COMPARE_ROUNDS rounds (default 3): on a shared machine, interleaved runs see the same load.
         */
        const targets = [{ name: 'this', process: web, url: `http://127.0.0.1:${webPort}` }];
        const compareDir = process.env.BENCH_COMPARE_WEB ? resolve(process.env.BENCH_COMPARE_WEB) : null;
        if (compareDir) {
          const port = await freePort();
          const other = startWeb('web-compare', compareDir, port);
          children.push(other);
          targets.push({ name: 'compare', process: other, url: `http://127.0.0.1:${port}` });
          await waitFor(`http://127.0.0.1:${port}/`, 60);
        }
        const rounds = compareDir ? Number(process.env.BENCH_COMPARE_ROUNDS ?? 3) : 1;
        await waitFor(`http://127.0.0.1:${webPort}/`, 60);
        const webUrl = `http://127.0.0.1:${webPort}`;
        const signedIn = await signedInVisitors(webUrl, sql);
        await sql.query('analyze'); // the credentials just stored too (see the first analyze)
        /** `BENCH_PAGES=/evaluation`: only those pages in part (c). */
        const onlyPages = process.env.BENCH_PAGES?.split(',').map((page) => page.trim());
        /** `BENCH_VISITORS=app-cookie,admin` (`anonymous`, `other-cookie`, `app-cookie`, `admin`): only those visitors. */
        const onlyVisitors = process.env.BENCH_VISITORS?.split(',').map((visitor) => visitor.trim());
        // Views carrying none of the app's cookies (no cookie, or only another site's or a proxy's) share one render a
        // second (server.mjs's page cache); a visitor with the app's cookies (an applicant with their credentials, a
        // signed-in admin) gets a render of their own, with their own data, on every view. Each is printed against the
        // render limit of the same page on the same visitor's data.
        const views = (
          [
            ['/', 'anonymous', 'anonymous', null],
            ['/', 'other-cookie', "another's cookie", '_ga=GA1.1.42'],
            ['/', 'app-cookie', 'applicant', signedIn.applicant],
            ['/evaluation', 'anonymous', 'anonymous', null],
            ['/evaluation', 'other-cookie', "another's cookie", '_ga=GA1.1.42'],
            ['/evaluation', 'app-cookie', 'applicant', signedIn.applicant],
            ['/admin/panel', 'admin', 'admin', signedIn.admin],
          ] as Array<[string, string, string, string | null]>
        ).filter(
          ([page, key]) => (!onlyPages || onlyPages.includes(page)) && (!onlyVisitors || onlyVisitors.includes(key)),
        );
        const ownData = (key: string) => key === 'app-cookie' || key === 'admin';
        const limitKey = (page: string, key: string) => `${page} ${ownData(key) ? key : 'anonymous'}`;
        const limitSpecs = new Map(
          views.map(([page, key, , cookie]) => [
            limitKey(page, key),
            { key: limitKey(page, key), path: page, cookie: ownData(key) ? cookie : null },
          ]),
        );
        console.log(
          `  visitors: an applicant (their signed cookie; ${OWN_CREDENTIALS.length} credentials, one completed with a document and an evaluation; ${OTHER_APPLICANTS} other applicants' credentials stored), a signed-in admin (session cookie; ${trainings.length * 12} cohorts, 2,000 enrollments)`,
        );
        const render = spawn(
          process.execPath,
          [
            join(BENCH_DIR, 'render-limit.mjs'),
            join(webBuild, 'server/index.mjs'),
            String(SECONDS),
            JSON.stringify([...limitSpecs.values()]),
          ],
          {
            cwd: join(ROOT, 'apps/web'),
            env: { ...baseEnv, NODE_ENV: 'production', API_URL: apiUrl, SESSION_COOKIE_SECURE: 'false' },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        let output = '';
        render.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const [renderCode] = (await once(render, 'exit')) as [number | null];
        // A failed render-limit run (its error is on stderr above) still leaves the pages' own figures worth printing.
        const limits =
          renderCode === 0
            ? (JSON.parse(output) as Record<string, { rendersPerSecond: number; bytes: number }>)
            : ({} as never);
        if (renderCode !== 0) console.log(`  render limit failed (exit ${renderCode}): ratios not available`);
        for (const [page, key, visitor, cookie] of views) {
          const limit = limits[limitKey(page, key)];
          for (let round = 0; round < rounds; round++) {
            for (const [target, encoding] of targets.flatMap((t) => ACCEPT_ENCODINGS.map((e) => [t, e] as const))) {
              const headers: Record<string, string> = {
                ...(cookie ? { cookie } : {}),
                ...(encoding ? { 'accept-encoding': encoding } : {}),
              };
              const url = `${target.url}${page}`;
              await load(url, 5, { duration: 1, headers });
              const { result: measured, perRequest: cpu } = await cpuPerRequest(
                {
                  web: () => childPids(target.process.pid!).concat(target.process.pid!),
                  api: () => [api.pid!],
                  postgres: () => postgresBackends(databaseName),
                  load: () => [process.pid],
                },
                () => load(url, 20, { headers }),
              );
              const label = `${compareDir ? `${target.name.padEnd(8)}` : ''}${encoding ? `${encoding.padEnd(9)}` : ''}`;
              console.log(
                `  ${label}GET ${page.padEnd(12)} ${visitor.padEnd(16)} ${n(measured.rps)} pages/s p50 ${n(measured.p50)} ms p99 ${n(measured.p99)} ms err ${measured.errors} | render limit ${n(limit?.rendersPerSecond ?? NaN)} renders/s | ratio ${((100 * measured.rps) / (limit?.rendersPerSecond ?? NaN)).toFixed(0)}% (page ${(measured.bytes / 1024).toFixed(1)} KB with headers, render ${((limit?.bytes ?? NaN) / 1024).toFixed(1)} KB)`,
              );
              console.log(
                `      CPU per page: web ${cpu.web.toFixed(2)} ms, API ${cpu.api.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, load generator ${cpu.load.toFixed(2)} ms; render alone ${(1000 / (limit?.rendersPerSecond ?? NaN)).toFixed(2)} ms`,
              );
            }
          }
        }
        const client = join(webBuild, 'client');
        console.log(
          `\n(g) JavaScript per route, gzipped (React Router's client manifest; Stripe.js loads from js.stripe.com and is not counted):`,
        );
        for (const [page, routeId] of [
          ['/', 'routes/_index'],
          ['/evaluation', 'routes/evaluation'],
          ['/admin', 'routes/admin._index'],
        ]) {
          console.log(`  ${page.padEnd(12)} ${pageWeight(client, routeId).toFixed(1)} KB`);
        }
        console.log(
          `\n(g) JavaScript on the wire per page, as the web server sends it to a browser (brotli or gzip accepted), beside the same scripts uncompressed:`,
        );
        for (const page of ['/', '/evaluation', '/admin']) {
          const weight = await wireWeight(`http://127.0.0.1:${webPort}`, page);
          console.log(
            `  ${page.padEnd(12)} ${weight.wire.toFixed(1)} KB on the wire (${weight.files} scripts) | uncompressed ${weight.plain.toFixed(1)} KB | ratio ${((100 * weight.wire) / weight.plain).toFixed(0)}%`,
          );
        }
        if (process.env.BENCH_LIGHTHOUSE === '0' || !existsSync(CHROMIUM) || !existsSync(LIGHTHOUSE_CLI)) {
          console.log(`\n(h) Lighthouse skipped (BENCH_LIGHTHOUSE=0, or no Chromium at ${CHROMIUM})`);
        } else {
          console.log(
            `\n(h) Lighthouse performance (mobile, simulated throttling; target 0.95) as served, beside the same page asked for uncompressed (Accept-Encoding: identity):`,
          );
          for (const page of ['/', '/evaluation', '/admin']) {
            const url = `http://127.0.0.1:${webPort}${page}`;
            const served = await lighthouse(url);
            const identity = await lighthouse(url, { 'Accept-Encoding': 'identity' });
            console.log(
              `  ${page.padEnd(12)} ${served.score.toFixed(2)} (${served.summary}) | uncompressed ${identity.score.toFixed(2)} (${identity.summary})`,
            );
          }
        }
      }
    }

    if (wants('d')) {
      console.log(`\n(d) Checkout writes: create + update + test-mode confirm, 20 buyers for 10 s:`);
      const counts = async () =>
        (
          await sql.query<{ enrollments: string; paid: string }>(
            `select (select count(*) from enrollments) as enrollments, (select count(*) from payments where status = 'succeeded') as paid`,
          )
        ).rows[0];
      const before = await counts();
      // A training with cohorts is bought for one of them.
      const cohortId =
        (
          await sql.query<{ id: string }>(
            'select id from cohorts where training_name = $1 order by cohort_month limit 1',
            [trainings[0]],
          )
        ).rows[0]?.id ?? null;
      let confirmed = 0;
      let firstRefusal: string | null = null;
      const noteRefusal = (status: number, body: string) => {
        if (status >= 300 && firstRefusal === null) firstRefusal = `${status} ${body.slice(0, 200)}`;
      };
      const checkout = await autocannon({
        url: apiUrl,
        connections: 20,
        duration: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/create-payment-intent',
            headers: json,
            body: JSON.stringify({ trainingName: trainings[0], paymentType: 'full' }),
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              noteRefusal(status, body);
              context.id = (JSON.parse(body) as { paymentIntentId?: string }).paymentIntentId;
            },
          },
          {
            method: 'POST',
            path: '/api/update-payment-intent',
            headers: json,
            setupRequest: (request: autocannon.Request, context: Record<string, unknown>) => ({
              ...request,
              body: JSON.stringify({
                paymentIntentId: context.id,
                customerName: 'Bench Buyer',
                customerEmail: 'buyer@example.com',
                cohortId,
              }),
            }),
            onResponse: noteRefusal,
          },
          {
            method: 'POST',
            path: '/api/payments/test-mode/confirm',
            headers: json,
            setupRequest: (request: autocannon.Request, context: Record<string, unknown>) => ({
              ...request,
              body: JSON.stringify({
                paymentIntentId: context.id,
                cardNumber: '4242 4242 4242 4242',
                expiry: '12/34',
                cvc: '123',
              }),
            }),
            onResponse: (status: number, body: string) => {
              noteRefusal(status, body);
              if (status === 200 && (JSON.parse(body) as { status?: string }).status === 'succeeded') confirmed++;
            },
          },
        ],
      });
      await settle(`${apiUrl}/api/payments/config`);
      const after = await counts();
      const purchases = Number(after.paid) - Number(before.paid);
      const enrolled = Number(after.enrollments) - Number(before.enrollments);
      console.log(
        `  ${(purchases / 10).toFixed(1)} purchases/s (${checkout.requests.total} requests, ${(checkout.requests.total / 10).toFixed(0)} req/s, p99 ${checkout.latency.p99} ms, errors ${checkout.errors + checkout.non2xx + checkout.timeouts}); ${confirmed} confirmations answered before the end`,
      );
      if (firstRefusal) console.log(`  first refusal: ${firstRefusal}`);
      console.log(
        `  enrollments +${enrolled} for ${purchases} succeeded payments in the database: ${enrolled === purchases ? 'exact' : 'MISMATCH'}`,
      );
    }

    if (wants('e')) {
      console.log(`\n(e) Analysis: 10 credentials x 3 documents (PDF 20 pages, DOCX, PNG by OCR) queued at once:`);
      const idle = await load(`${apiUrl}/api/training-pricing`, 10);
      const documents = [
        {
          fileName: 'syllabus-20-pages.pdf',
          documentType: 'syllabus',
          fileType: 'application/pdf',
          bytes: await longSyllabusPdf(20),
        },
        {
          fileName: 'transcript.docx',
          documentType: 'transcript',
          fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          bytes: await transcriptDocx(),
        },
        {
          fileName: 'certificate.png',
          documentType: 'certificate',
          fileType: 'image/png',
          bytes: await certificatePng(),
        },
      ];
      // One applicant owns the bench's credentials, as if the web server had signed its requests.
      const applicant = sign({ sub: randomUUID() }, APPLICANT_SECRET, {
        audience: APPLICANT_TOKEN_AUDIENCE,
        expiresIn: 3600,
        algorithm: 'HS256',
      });
      const post = async <T>(path: string, body: unknown, method = 'POST'): Promise<T> => {
        const headers = { ...json, [APPLICANT_TOKEN_HEADER]: applicant };
        const response = await fetch(`${apiUrl}${path}`, { method, headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as T;
      };
      const credentialIds: string[] = [];
      for (let i = 0; i < 10; i++) {
        const { id } = await post<{ id: string }>('/api/credentials', { name: `Bench ${i + 1}` });
        for (const document of documents) {
          const { uploadURL } = await post<{ uploadURL: string }>('/api/objects/upload', {});
          const put = await fetch(uploadURL, {
            method: 'PUT',
            body: new Uint8Array(document.bytes),
            headers: { 'content-type': document.fileType },
          });
          if (!put.ok) throw new Error(`upload: ${put.status}`);
          await post(
            '/api/documents/upload-complete',
            {
              uploadURL,
              credentialId: id,
              fileName: document.fileName,
              fileSize: document.bytes.length,
              fileType: document.fileType,
              documentType: document.documentType,
            },
            'PUT',
          );
        }
        credentialIds.push(id);
      }
      const busy = autocannon({ url: `${apiUrl}/api/training-pricing`, connections: 10, duration: 600 });
      const started = performance.now();
      await Promise.all(credentialIds.map((id) => post(`/api/credentials/${id}/analyze`, {})));
      let statuses: string[] = [];
      for (;;) {
        statuses = (
          await sql.query<{ status: string }>('select status from credentials where id = any($1)', [credentialIds])
        ).rows.map((r) => r.status);
        if (statuses.every((status) => status !== 'pending' && status !== 'analyzing')) break;
        if (performance.now() - started > 300_000) break;
        await new Promise((done) => setTimeout(done, 200));
      }
      const seconds = (performance.now() - started) / 1000;
      busy.stop();
      const during = await busy;
      console.log(
        `  ${statuses.filter((s) => s === 'completed').length}/10 completed in ${seconds.toFixed(1)} s: ${((30 / seconds) * 60).toFixed(0)} documents per minute`,
      );
      console.log(
        `  GET /api/training-pricing at 10 connections: p99 ${during.latency.p99} ms during analysis vs ${idle.p99} ms idle (${(during.latency.p99 / Math.max(1, idle.p99)).toFixed(1)}x); ${during.requests.average.toFixed(0)} vs ${idle.rps.toFixed(0)} req/s`,
      );
    }

    console.log(
      `\n(f) API resident memory: ${idleRss.toFixed(0)} MB idle after start, ${rssMb(api.pid!).toFixed(0)} MB after the load above`,
    );
  } finally {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
    await sql.end().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The analysis bench (a five-page scan, time per document type) runs last, with the arguments given (`-- --scan`: only it). */
async function analysisBench(): Promise<void> {
  const child = spawn(process.execPath, [join(__dirname, 'analysis.bench.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`analysis bench exited with ${code}`);
}

(process.argv.includes('--scan') ? Promise.resolve() : main())
  .then(() => (wants('analysis') || process.argv.includes('--scan') ? analysisBench() : undefined))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
