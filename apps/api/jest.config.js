// Unit tests (src/**/*.spec.ts) and integration tests against real services (test/**/*.e2e-spec.ts), two files at a
// time: each file has its own database on the shared PostgreSQL server, its own storage folder and S3 server, its
// own queue prefix on the shared Redis (or a Redis of its own), and free ports, so files never see each other; most
// of a file's time is spent waiting on those services and on child processes, so two workers fill the two cores.
// `nx test api` runs hostile-documents.e2e-spec.ts last and alone (apps/api/project.json): it asserts that /api/health
// answers 200 within 5 s all along while readers chew on hostile files, which CPU contention from a second file (and
// the browser tests beside it) could break on a loaded 2-core machine.
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  maxWorkers: 2,
  // @react-email/render loads react-dom/server with import(), which Jest's CommonJS sandbox refuses: compiled by SWC
  // it becomes require(). @fastify/static (Swagger UI's files on Fastify) requires content-disposition, an ES module.
  transformIgnorePatterns: [
    '/node_modules/(?!@react-email/render/|@fastify/static/node_modules/content-disposition/|content-disposition/dist/)',
  ],
  transform: { ...preset.transform, '@react-email/render/.+\\.cjs$': Object.values(preset.transform)[0] },
  testTimeout: 60000,
};
