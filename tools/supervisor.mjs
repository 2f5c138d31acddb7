// Keeps child Node processes running for `npm start` (tools/start.mjs): a process that stops on its own is started
// again after a pause that doubles with each quick failure (1 s, 2 s, 4 s ... up to 30 s; back to 1 s once it has
// run for a minute), and the others are left alone. A process is restarted only once it has been marked started
// (record.restart = true, after its first health check): one that cannot start at all (a wrong DATABASE_URL, say)
// is reported through onGiveUp instead of being started again and again. stop() ends them all.
import { spawn } from 'node:child_process';

export class Supervisor {
  constructor({
    log = (line) => console.error(line),
    onGiveUp = () => undefined,
    minBackoffMs = 1000,
    maxBackoffMs = 30_000,
    healthyAfterMs = 60_000,
  } = {}) {
    Object.assign(this, { log, onGiveUp, minBackoffMs, maxBackoffMs, healthyAfterMs });
    this.processes = [];
    this.stopping = false;
  }

  /**
   * Starts `node ...args` and keeps it running; returns its record ({ name, child, starts }). `graceMs` is how long
   * stop() lets this process close after SIGTERM before it is killed (stop()'s own default when not given).
   */
  run(name, args, env = {}, cwd = process.cwd(), { graceMs } = {}) {
    const record = {
      name,
      child: null,
      starts: 0,
      restart: false,
      backoffMs: this.minBackoffMs,
      timer: null,
      graceMs,
    };
    const start = () => {
      record.timer = null;
      if (this.stopping) return;
      const startedAt = Date.now();
      record.starts += 1;
      record.child = spawn(process.execPath, args, {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      record.child.on('exit', (code, signal) => {
        if (this.stopping) return;
        if (!record.restart) {
          this.log(`${name} stopped (${signal ?? `exit code ${code}`}) before it was up.`);
          this.onGiveUp(record, code ?? 1);
          return;
        }
        if (Date.now() - startedAt >= this.healthyAfterMs) record.backoffMs = this.minBackoffMs;
        const wait = record.backoffMs;
        record.backoffMs = Math.min(record.backoffMs * 2, this.maxBackoffMs);
        this.log(`${name} stopped (${signal ?? `exit code ${code}`}); starting it again in ${wait / 1000} s.`);
        record.timer = setTimeout(start, wait);
      });
    };
    start();
    this.processes.push(record);
    return record;
  }

  /**
   * Ends every process (SIGTERM, then SIGKILL after its own grace, or `graceMs` for one started without) and
   * resolves once all have exited.
   */
  async stop(graceMs = 3000) {
    this.stopping = true;
    await Promise.all(
      this.processes.map((record) => {
        if (record.timer) clearTimeout(record.timer);
        const child = record.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
        return new Promise((done) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), record.graceMs ?? graceMs);
          child.once('exit', () => {
            clearTimeout(kill);
            done();
          });
          child.kill('SIGTERM');
        });
      }),
    );
  }
}
