// Test-only: tools/supervisor.mjs (what `npm start` runs the API and web app with) supervising two small HTTP servers
// named API and Web. Each server prints {"name","pid","port"} once listening; the supervisor's messages are printed
// as {"log": "..."}. With --no-restart the processes are never marked started, so a stop is a give-up.
import { Supervisor } from '../../../../tools/supervisor.mjs';

const markStarted = !process.argv.includes('--no-restart');
const supervisor = new Supervisor({
  log: (line) => console.log(JSON.stringify({ log: line })),
  onGiveUp: (record, code) => console.log(JSON.stringify({ gaveUp: record.name, code })),
  minBackoffMs: 100,
  maxBackoffMs: 1000,
});

const server = (name) => [
  '-e',
  `require('node:http').createServer((req, res) => res.end(${JSON.stringify(name)})).listen(0, '127.0.0.1', function () {
    console.log(JSON.stringify({ name: ${JSON.stringify(name)}, pid: process.pid, port: this.address().port }));
  });`,
];

for (const name of ['API', 'Web']) supervisor.run(name, server(name)).restart = markStarted;

process.on('SIGTERM', async () => {
  await supervisor.stop();
  console.log(JSON.stringify({ stopped: true }));
  process.exit(0);
});
