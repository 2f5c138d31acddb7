import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const HARNESS = join(__dirname, 'support/supervisor-harness.mjs');

interface Line {
  name?: string;
  pid?: number;
  port?: number;
  log?: string;
  gaveUp?: string;
  code?: number;
  stopped?: boolean;
}

/** The harness process, with a way to wait for a line it printed (or will print) that matches. */
function startHarness(args: string[] = []): {
  child: ChildProcess;
  next(match: (line: Line) => boolean): Promise<Line>;
} {
  const child = spawn(process.execPath, [HARNESS, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: Line[] = [];
  const waiters: { match: (line: Line) => boolean; resolve(line: Line): void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    lines.push(JSON.parse(text) as Line);
    for (const waiter of [...waiters]) {
      const found = lines.find(waiter.match);
      if (found) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  });
  return {
    child,
    next(match) {
      const found = lines.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function answer(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/`)).text();
}

/** tools/start.mjs's supervisor: a dead API (or web) process is started again with backoff; the other keeps running. */
describe('npm start supervisor', () => {
  let harness: ReturnType<typeof startHarness> | undefined;

  afterEach(async () => {
    if (harness && harness.child.exitCode === null) {
      const exited = new Promise((resolve) => harness!.child.once('exit', resolve));
      harness.child.kill('SIGTERM');
      await exited;
    }
    harness = undefined;
  });

  it('restarts a killed API process with growing pauses while the web process keeps running', async () => {
    harness = startHarness();
    const api = await harness.next((l) => l.name === 'API');
    const web = await harness.next((l) => l.name === 'Web');

    process.kill(api.pid!, 'SIGKILL');
    expect((await harness.next((l) => l.log !== undefined)).log).toBe(
      'API stopped (SIGKILL); starting it again in 0.1 s.',
    );
    const second = await harness.next((l) => l.name === 'API' && l.pid !== api.pid);
    expect(await answer(second.port!)).toBe('API');

    process.kill(second.pid!, 'SIGKILL');
    expect((await harness.next((l) => l.log?.includes('0.2 s') ?? false)).log).toBe(
      'API stopped (SIGKILL); starting it again in 0.2 s.',
    );
    const third = await harness.next((l) => l.name === 'API' && l.pid !== api.pid && l.pid !== second.pid);
    expect(await answer(third.port!)).toBe('API');

    // The web process is the one started first, never stopped.
    expect(alive(web.pid!)).toBe(true);
    expect(await answer(web.port!)).toBe('Web');

    const exited = new Promise((resolve) => harness!.child.once('exit', resolve));
    harness.child.kill('SIGTERM');
    await harness.next((l) => l.stopped === true);
    await exited;
    expect([alive(third.pid!), alive(web.pid!)]).toEqual([false, false]);
  });

  it('does not restart a process that stopped before it was up, and reports it', async () => {
    harness = startHarness(['--no-restart']);
    const api = await harness.next((l) => l.name === 'API');
    process.kill(api.pid!, 'SIGKILL');
    expect(await harness.next((l) => l.gaveUp !== undefined)).toEqual({ gaveUp: 'API', code: 1 });
  });
});
