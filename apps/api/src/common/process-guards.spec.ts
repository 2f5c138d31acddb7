import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const GUARDS = join(__dirname, 'process-guards.ts');

/** Runs a script in a fresh Node process with the guards installed; resolves with its output and exit code. */
function run(script: string): Promise<{ output: string; code: number | null }> {
  const child = spawn(
    process.execPath,
    [
      '--require',
      join(ROOT, 'tools/testing/register-ts.cjs'),
      '-e',
      `require(${JSON.stringify(GUARDS)}).guardProcess('Test');\n${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ output, code })));
}

describe('guardProcess', () => {
  it('logs an uncaught exception and an unhandled rejection without their messages, and the process keeps serving', async () => {
    const { output, code } = await run(`
      const http = require('node:http');
      const server = http.createServer((req, res) => res.end('still here')).listen(0, '127.0.0.1', () => {
        setTimeout(() => { throw new TypeError('jordan.smith@example.com broke it'); }, 10);
        Promise.reject(Object.assign(new Error('Jordan Smith'), { code: 'E_TEST' }));
        setTimeout(async () => {
          const body = await (await fetch('http://127.0.0.1:' + server.address().port + '/')).text();
          console.log('answer: ' + body);
          server.close();
        }, 200);
      });
    `);
    expect(code).toBe(0);
    expect(output).toContain('answer: still here');
    expect(output).toMatch(/Uncaught exception, kept running: TypeError at /);
    expect(output).toMatch(/Unhandled promise rejection, kept running: Error \(E_TEST\) at /);
    expect(output).not.toContain('jordan.smith@example.com');
    expect(output).not.toContain('Jordan Smith');
  });

  it('exits with code 1 after more than ten uncaught errors within a minute, for the supervisor to restart it', async () => {
    const { output, code } = await run(`
      for (let i = 0; i < 11; i++) setTimeout(() => { throw new Error('again'); }, i);
      setTimeout(() => console.log('not stopped'), 2000);
    `);
    expect(code).toBe(1);
    expect(output).toContain('11 uncaught errors within a minute; exiting so that a fresh process takes over');
    expect(output).not.toContain('not stopped');
  });
});
