// Summarises a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE=<dir> npm run bench`): the functions and the
// packages with the most self time. Usage: node apps/api/bench/profile-top.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node profile-top.mjs <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of a node = its samples × the sampling interval (the profile's time deltas, summed per sample).
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** node_modules/<package> (scoped too), node: internals, or the file itself for the app's own code. */
function packageOf(url) {
  if (!url) return '(native / V8)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node: internals';
  return url.replace(/^file:\/\//, '').replace(/^.*\/(apps|libs|dist)\//, '$1/');
}

const byFunction = new Map();
const byPackage = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = packageOf(url);
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byPackage.set(where, (byPackage.get(where) ?? 0) + micros);
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('Self time by package or file', byPackage);
print('Self time by function', byFunction);
