import { Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { InjectConfig } from '../../config/inject-config.decorator';
import type { AppConfig } from '../../config/app-config';
import { DEFAULT_READER_LIMITS, type ReaderLimits } from './reader-limits';
import type { ReadAnswer, ReadRequest } from './reader-process';
import type { ReaderKind, ReaderOutput } from './readers';

/** A read that failed; `reason` is written for the person who uploaded the document, `detail` is for the log. */
export class ReadFailedError extends Error {
  override name = 'ReadFailedError';
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(reason);
  }
}

/** The readers are shutting down with the process: no fault of the document, so the read is worth trying again. */
export class ReadersStoppingError extends Error {
  override name = 'ReadersStoppingError';
  constructor() {
    super('The document readers are stopping; please try again.');
  }
}

const DAMAGED: Record<ReaderKind, string> = {
  pdf: 'This PDF could not be read; the file is damaged or incomplete.',
  docx: 'This Word document could not be read; the file is damaged or is not a Word document.',
  doc: 'This Word 97-2003 document could not be read; the file is damaged or is not a Word document.',
  image: 'This image could not be read; the file is damaged or incomplete.',
};

/** A reader process that has read this many documents is replaced, so whatever a library leaks does not pile up. */
const READS_PER_PROCESS = 100;
/** Scheduling priority of reader processes (Unix nice value, 19 lowest). */
const READER_NICENESS = 10;
/** Reader processes left idle this long exit; the next read starts a fresh one. */
const IDLE_EXIT_MS = 5 * 60_000;

interface Job {
  id: number;
  kind: ReaderKind;
  bytes: Uint8Array;
  resolve(output: ReaderOutput): void;
  /** A ReadFailedError for the document's own failures; a plain Error when no reader could run (worth a retry). */
  reject(error: Error): void;
}

interface Host {
  child: ChildProcess;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Why the parent killed it, when it did. */
  killedFor: string | null;
  stderr: string;
  reads: number;
}

/**
 * The reader process entry: the compiled reader-process.js next to this file, or, when the API runs from its
 * TypeScript sources (tests), reader-process.ts loaded through the workspace's SWC hook.
 */
function readerEntry(): { path: string; execArgv: string[] } {
  const compiled = join(__dirname, 'reader-process.js');
  if (existsSync(compiled)) return { path: compiled, execArgv: [] };
  const register = resolve(__dirname, '../../../../../tools/testing/register-ts.cjs');
  return { path: join(__dirname, 'reader-process.ts'), execArgv: ['--require', register] };
}

/**
 * Runs every document read in a separate Node process with a heap cap (--max-old-space-size) and a time limit, so a
 * hostile or broken document can exhaust, hang or crash only that process: the read fails with a reason a person
 * understands and the API keeps serving. Up to `processes` reads run side by side, each in its own process; others
 * wait their turn. A process is reused for the next read (the OCR model loads once) unless its read failed by crash,
 * timeout or memory, in which case it is gone and the next read starts a fresh one.
 */
@Injectable()
export class ReaderSandbox implements OnModuleDestroy {
  private readonly logger = new Logger(ReaderSandbox.name);
  private readonly hosts = new Set<Host>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private stopped = false;
  readonly limits: ReaderLimits;

  constructor(@Optional() @InjectConfig() config?: Pick<AppConfig, 'readers'>) {
    this.limits = { ...DEFAULT_READER_LIMITS, ...config?.readers };
  }

  read(kind: ReaderKind, bytes: Uint8Array): Promise<ReaderOutput> {
    if (this.stopped) return Promise.reject(new ReadersStoppingError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, kind, bytes, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.stopped) {
      let host = [...this.hosts].find((h) => h.job === null && h.killedFor === null && h.child.connected);
      if (!host) {
        if (this.hosts.size >= this.limits.processes) return;
        host = this.spawn();
      }
      this.assign(host, this.waiting.shift()!);
    }
  }

  private spawn(): Host {
    const entry = readerEntry();
    const child = fork(entry.path, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${this.limits.memoryMb}`],
      // Structured clone: the document's bytes cross as bytes, not as a JSON array of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // Reading is background work: the API's requests come first when the CPU is short.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, READER_NICENESS);
      } catch {
        // Not permitted here (some containers); the reader just runs at normal priority.
      }
    }
    const host: Host = { child, job: null, timer: null, idleTimer: null, killedFor: null, stderr: '', reads: 0 };
    // The last few kilobytes of what it printed, to tell running out of memory from other crashes.
    child.stderr?.on('data', (chunk: Buffer) => (host.stderr = (host.stderr + chunk.toString()).slice(-4096)));
    child.on('message', (answer: ReadAnswer) => this.answered(host, answer));
    child.on('error', (error) => {
      this.logger.warn(`Reader process ${child.pid ?? '?'}: ${error.message}`);
      // It never started (no 'exit' follows): its read fails as a fault of ours, which the queue retries.
      if (child.pid === undefined) this.exited(host, null, null);
    });
    child.on('exit', (code, signal) => this.exited(host, code, signal));
    this.hosts.add(host);
    return host;
  }

  private assign(host: Host, job: Job): void {
    host.job = job;
    if (host.idleTimer) clearTimeout(host.idleTimer);
    host.idleTimer = null;
    host.child.ref();
    (host.child.channel as { ref?(): void } | undefined)?.ref?.();
    host.timer = setTimeout(() => this.kill(host, 'timeout'), this.limits.timeoutMs);
    const request: ReadRequest = { id: job.id, kind: job.kind, bytes: job.bytes, limits: this.limits };
    host.child.send(request, (error) => {
      if (error && host.job === job) this.kill(host, 'unreachable');
    });
  }

  private answered(host: Host, answer: ReadAnswer): void {
    const job = host.job;
    if (!job || job.id !== answer.id) return;
    this.release(host);
    host.reads++;
    if (answer.ok) {
      job.resolve(answer.output);
    } else {
      this.logger.warn(
        `Reader process ${host.child.pid ?? '?'}: ${job.kind} read ${job.id} failed: ${answer.error.slice(0, 300)}`,
      );
      job.reject(new ReadFailedError(answer.refused ? answer.error : DAMAGED[job.kind], answer.error));
    }
    if ((!answer.ok && answer.crashed) || host.reads >= READS_PER_PROCESS) this.retire(host);
    else this.rest(host);
    this.pump();
  }

  private exited(host: Host, code: number | null, signal: NodeJS.Signals | null): void {
    this.hosts.delete(host);
    if (host.idleTimer) clearTimeout(host.idleTimer);
    const job = host.job;
    if (job && host.child.pid === undefined) {
      this.release(host);
      job.reject(new Error('a reader process could not be started'));
    } else if (job) {
      this.release(host);
      const detail = `exit ${signal ?? code}${host.killedFor ? `, killed for ${host.killedFor}` : ''}`;
      this.logger.warn(`Reader process ${host.child.pid ?? '?'} stopped during ${job.kind} read ${job.id} (${detail})`);
      if (this.stopped || host.killedFor === 'shutdown') {
        // Stopped with the API, not by the document: the attempt fails and the queue retries it.
        job.reject(new ReadersStoppingError());
      } else if (host.killedFor === 'unreachable') {
        job.reject(new Error(`the reader process could not be reached (${detail})`));
      } else {
        job.reject(new ReadFailedError(this.crashReason(host, job.kind), detail));
      }
    }
    this.pump();
  }

  private crashReason(host: Host, kind: ReaderKind): string {
    if (host.killedFor === 'timeout') {
      return `Reading this document took longer than ${this.limits.timeoutMs / 1000} seconds, the limit; it cannot be read.`;
    }
    if (/heap limit|out of memory|allocation failed|Array buffer allocation/i.test(host.stderr)) {
      return `Reading this document needs more memory than the ${this.limits.memoryMb} MB a reader may use; it cannot be read.`;
    }
    return DAMAGED[kind];
  }

  private release(host: Host): void {
    if (host.timer) clearTimeout(host.timer);
    host.timer = null;
    host.job = null;
  }

  /** An idle process does not keep the API (or a test) alive, and exits after a while unused. */
  private rest(host: Host): void {
    host.child.unref();
    (host.child.channel as { unref?(): void } | undefined)?.unref?.();
    host.idleTimer = setTimeout(() => this.retire(host), IDLE_EXIT_MS);
    host.idleTimer.unref();
  }

  private retire(host: Host): void {
    host.killedFor ??= 'retired';
    if (host.child.connected) host.child.disconnect();
    // A process that does not leave on its own within a few seconds is made to.
    setTimeout(
      () => host.child.exitCode === null && host.child.signalCode === null && host.child.kill('SIGKILL'),
      5000,
    ).unref();
  }

  private kill(host: Host, why: string): void {
    host.killedFor = why;
    host.child.kill('SIGKILL');
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const job of this.waiting.splice(0)) job.reject(new ReadersStoppingError());
    await Promise.all(
      [...this.hosts].map(
        (host) =>
          new Promise<void>((done) => {
            if (host.child.exitCode !== null || host.child.signalCode !== null) return done();
            host.child.once('exit', () => done());
            this.kill(host, 'shutdown');
          }),
      ),
    );
  }
}
