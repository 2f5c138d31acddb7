// Enforces the module boundaries of STYLE.md: contracts depends on nothing, domain only on contracts,
// web never imports from api (nor api from web), and libraries import no framework.
// Usage: node tools/check-boundaries.mjs <project-root>
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const FRAMEWORKS = /^(@nestjs\/|@mikro-orm\/|react|react-dom|@remix-run\/|express|stripe|openai|googleapis|bullmq)/;
const RULES = {
  'libs/contracts': (spec) => (spec.startsWith('.') ? null : `contracts may import nothing, found '${spec}'`),
  'libs/domain': (spec) =>
    spec.startsWith('.') || spec === '@app/contracts' ? null : `domain may import only @app/contracts, found '${spec}'`,
  'apps/web': (spec) => (/apps\/api|^\.\.\/.*\/api\//.test(spec) ? `web must not import from the API, found '${spec}'` : null),
  'apps/api': (spec) => (/apps\/web|^~\//.test(spec) ? `api must not import from the web app, found '${spec}'` : null),
};

const root = process.argv[2];
const rule = RULES[root];
if (!rule) {
  console.error(`No boundary rule for ${root}`);
  process.exit(2);
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'build', 'dist', '.cache', 'public'].includes(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.(spec|e2e|e2e-spec)\.ts$/.test(name)) yield path;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
const sourceRoot = root.startsWith('libs') ? join(root, 'src') : root;
for (const file of files(sourceRoot)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const problem = rule(spec) ?? (root.startsWith('libs') && FRAMEWORKS.test(spec) ? `no framework in libraries: '${spec}'` : null);
    if (problem) problems.push(`${relative('.', file)}: ${problem}`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`${root}: module boundaries respected`);
