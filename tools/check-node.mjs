// Runs before `npm start` (and first thing in tools/start.mjs): on a Node older than package.json's engines floor it
// stops with one line, instead of failing later with an obscure syntax or module error. Plain JavaScript with no
// imports beyond Node's own, so it runs on any Node that can load an ES module.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const floor = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines.node.trim());
if (!floor) throw new Error(`tools/check-node.mjs understands only a ">=X.Y.Z" engines.node, not "${engines.node}"`);
const need = floor.slice(1).map(Number);
const have = process.versions.node.split('.').map(Number);
const first = need.findIndex((part, i) => have[i] !== part);
if (first >= 0 && have[first] < need[first]) {
  console.error(
    `This app needs Node.js ${need.join('.')} or newer (22 LTS or 24 LTS); this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
