import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

// server.mjs loads React Router's production build in production through react-router-build.mjs; the hooks act on
// Node's own module loading, so each case runs in a fresh Node process.
const webDir = resolve(__dirname, '..');

function run(script: string): Record<string, string> {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: webDir, encoding: 'utf8' });
  return JSON.parse(out) as Record<string, string>;
}

const probe = `
  const { createRequire } = await import('node:module');
  const esm = import.meta.resolve('react-router');
  const cjs = createRequire(import.meta.url).resolve('react-router');
  const { createRequestHandler } = await import('react-router');
  console.log(JSON.stringify({ build: reactRouterBuild(), esm, cjs, handler: typeof createRequestHandler }));
`;

describe('React Router build', () => {
  it('is the development one by default: the package maps Node to it', () => {
    const seen = run(`import { reactRouterBuild } from './react-router-build.mjs'; ${probe}`);
    expect(seen.build).toBe('development');
    expect(seen.esm).toContain('/react-router/dist/development/');
  });

  it('is the production one for every import once productionReactRouter() ran', () => {
    const seen = run(
      `import { productionReactRouter, reactRouterBuild } from './react-router-build.mjs'; productionReactRouter(); ${probe}`,
    );
    expect(seen.build).toBe('production');
    expect(seen.esm).toContain('/react-router/dist/production/');
    expect(seen.cjs).toContain('/react-router/dist/production/');
    expect(seen.handler).toBe('function');
  });
});
