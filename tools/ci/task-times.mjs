// Prints how long each Nx task and each project took, from the profile Nx writes when NX_PROFILE is set (a Chrome
// trace: one complete event per task, with its start and duration in microseconds). .ci/run calls it after npm test.
// Usage: node tools/ci/task-times.mjs <profile.json>
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: node tools/ci/task-times.mjs <profile.json>');
  process.exit(2);
}
const events = JSON.parse(readFileSync(file, 'utf8'));
const tasks = (Array.isArray(events) ? events : events.traceEvents).filter((event) => event.ph === 'X');
if (tasks.length === 0) {
  console.log('No task ran.');
  process.exit(0);
}

const seconds = (microseconds) => `${(microseconds / 1e6).toFixed(1)} s`;
const start = Math.min(...tasks.map((task) => task.ts));
const end = Math.max(...tasks.map((task) => task.ts + task.dur));

console.log('\nTime per task (start after the first task began, duration, how it ended):');
for (const task of [...tasks].sort((a, b) => a.ts - b.ts)) {
  const status = task.args?.status ?? '';
  console.log(
    `  ${task.name.padEnd(24)} +${seconds(task.ts - start).padStart(8)}  ${seconds(task.dur).padStart(8)}  ${status}`,
  );
}

/** A project's time: from its first task's start to its last task's end, and the sum of its tasks' durations. */
const projects = new Map();
for (const task of tasks) {
  const project = task.args?.target?.project ?? task.name.split(':')[0];
  const entry = projects.get(project) ?? { first: Infinity, last: 0, busy: 0 };
  entry.first = Math.min(entry.first, task.ts);
  entry.last = Math.max(entry.last, task.ts + task.dur);
  entry.busy += task.dur;
  projects.set(project, entry);
}
console.log('\nTime per project (first start to last end; the sum of its tasks, which may overlap):');
for (const [project, entry] of [...projects].sort((a, b) => b[1].last - b[1].first - (a[1].last - a[1].first))) {
  console.log(
    `  ${project.padEnd(12)} ${seconds(entry.last - entry.first).padStart(8)}  (tasks ${seconds(entry.busy)})`,
  );
}
console.log(`\nAll tasks: ${seconds(end - start)} from the first start to the last end.`);
