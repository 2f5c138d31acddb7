// Runs the built API and web app together (npm start), prints their URLs, restarts either if it stops (with backoff,
// leaving the other running), and stops both on Ctrl+C.
// First import: ES modules evaluate in order, so an unsupported Node stops here before anything starts.
import './check-node.mjs';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Supervisor } from './supervisor.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '3333';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const supervisor = new Supervisor({ onGiveUp: (_record, code) => void stop(code) });
// The API verifies the applicant tokens the web server signs; both need the same secret, so one start makes one.
const applicantTokenSecret = process.env.APPLICANT_TOKEN_SECRET ?? randomBytes(32).toString('hex');

let stopping = false;
async function stop(code = 0) {
  stopping = true;
  await supervisor.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (stopping) return false;
    try {
      const response = await fetch(url);
      if (response.status < 500 || response.status === 503) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return false;
}

// Mail catcher: without SMTP_URL every mail the product sends goes to a local MailDev (a real SMTP server with a
// web inbox), so a newcomer sees them. Data in DATA_DIR/mail; ports MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT.
const mailEnv = {};
let mailInbox = null;
let mailCatcher = null;
if (!process.env.SMTP_URL) {
  const smtpPort = process.env.MAILDEV_SMTP_PORT ?? '1025';
  const webPort = process.env.MAILDEV_WEB_PORT ?? '1080';
  const mailDir = resolve(process.env.DATA_DIR ?? '.data', 'mail');
  mkdirSync(mailDir, { recursive: true });
  mailCatcher = supervisor.run('Mail catcher', [
    resolve('node_modules/maildev/dist/bin/maildev.js'),
    ...['--smtp', smtpPort, '--web', webPort, '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
    ...['--mail-directory', mailDir, '--silent'],
  ]);
  mailEnv.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  mailInbox = `http://127.0.0.1:${webPort}/`;
}

const api = supervisor.run('API', ['dist/apps/api/apps/api/src/main.js'], {
  API_PORT: apiPort,
  HOST: host,
  APPLICANT_TOKEN_SECRET: applicantTokenSecret,
  ...mailEnv,
  // Development: webhook endpoints may be a receiver on this machine (http, loopback). Never in production.
  ...(process.env.NODE_ENV === 'production'
    ? {}
    : { WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK ?? 'true' }),
});
if (!(await waitFor(`${apiUrl}/api/health`, 120))) {
  if (!stopping) {
    console.error('The API did not start within 120 s.');
    await stop(1);
  }
} else {
  api.restart = true;
  if (mailCatcher) mailCatcher.restart = true;
  // apps/web/server.mjs (React Router behind security headers) finds build/ relative to its working directory.
  const web = supervisor.run(
    'Web',
    [resolve('apps/web/server.mjs')],
    // npm start serves plain http on this machine, so the admin cookie cannot require https here.
    {
      PORT: webPort,
      HOST: host,
      API_URL: apiUrl,
      SESSION_COOKIE_SECURE: process.env.SESSION_COOKIE_SECURE ?? 'false',
      APPLICANT_TOKEN_SECRET: applicantTokenSecret,
    },
    resolve('apps/web'),
    // Its cluster primary gives the workers 10 s (STOP_GRACE_MS in server.mjs) to finish their requests on Ctrl+C;
    // killing it sooner would cut them off.
    { graceMs: 12_000 },
  );
  if (await waitFor(`http://127.0.0.1:${webPort}/`, 60)) {
    web.restart = true;
    console.log(`
  Payment plan      http://${host}:${webPort}/
  Evaluation        http://${host}:${webPort}/evaluation
  Admin             http://${host}:${webPort}/admin
  API               ${apiUrl}/api
  API docs          ${apiUrl}/api/docs
  Health            ${apiUrl}/api/health
${mailInbox ? `  Mail inbox        ${mailInbox}\n` : ''}
  Press Ctrl+C to stop.
`);
  }
}
