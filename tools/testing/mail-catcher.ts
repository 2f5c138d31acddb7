import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './stop-child';
import { freePort } from './free-port';

/** A mail as MailDev's REST API returns it (the fields the tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  to: Array<{ address: string; name: string }>;
  from: Array<{ address: string; name: string }>;
  headers: Record<string, string>;
  html: string;
  text: string;
}

export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  messages(): Promise<CaughtMail[]>;
  /** Waits until `predicate` holds for the mails received (the worker sends within seconds). */
  waitFor(predicate: (mails: CaughtMail[]) => boolean, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Stops the SMTP server process (the outage), then `start` brings it back on the same ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const MAILDEV_BIN = join(__dirname, '../../node_modules/maildev/dist/bin/maildev.js');

/** MailDev, a real SMTP server with a REST API, in a child process on free ports with a mail folder of its own. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const [smtpPort, webPort] = await Promise.all([freePort(), freePort()]);
  const directory = mkdtempSync(join(tmpdir(), 'maildev-'));
  const webUrl = `http://127.0.0.1:${webPort}`;
  let child: ChildProcess | null = null;

  const messages = async (): Promise<CaughtMail[]> => {
    const response = await fetch(`${webUrl}/api/email`);
    if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  };

  const start = async () => {
    child = spawn(
      process.execPath,
      [
        MAILDEV_BIN,
        '--smtp',
        String(smtpPort),
        '--web',
        String(webPort),
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
        '--mail-directory',
        directory,
        '--silent',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await messages();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error('MailDev did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    await stopChild(running, 'SIGKILL');
  };

  await start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    messages,
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = await messages();
        if (predicate(mails)) return mails;
        if (Date.now() > deadline)
          throw new Error(`Mails received did not match in time: ${JSON.stringify(mails.map((m) => m.subject))}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
