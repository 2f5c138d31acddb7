// Runs the built API and web app together (npm start), prints their URLs, restarts either if it stops (with backoff,
// leaving the other running), and stops both on Ctrl+C.
// First import: ES modules evaluate in order, so an unsupported Node stops here before anything starts.
import './check-node.mjs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Supervisor } from './supervisor.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '3333';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const supervisor = new Supervisor({ onGiveUp: (_record, code) => void stop(code) });

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

const api = supervisor.run('API', ['dist/apps/api/apps/api/src/main.js'], { API_PORT: apiPort, HOST: host });
if (!(await waitFor(`${apiUrl}/api/health`, 120))) {
  if (!stopping) {
    console.error('The API did not start within 120 s.');
    await stop(1);
  }
} else {
  api.restart = true;
  // apps/web/server.mjs (Remix behind security headers) finds build/ relative to its working directory.
  const web = supervisor.run(
    'Web',
    [resolve('apps/web/server.mjs')],
    // npm start serves plain http on this machine, so the admin cookie cannot require https here.
    { PORT: webPort, HOST: host, API_URL: apiUrl, SESSION_COOKIE_SECURE: process.env.SESSION_COOKIE_SECURE ?? 'false' },
    resolve('apps/web'),
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

  Press Ctrl+C to stop.
`);
  }
}
