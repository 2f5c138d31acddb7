// Unit tests (src/**/*.spec.ts) and integration tests against real services (test/**/*.e2e-spec.ts), run serially:
// integration suites share one PostgreSQL server and the machine has two cores.
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  maxWorkers: 1,
  // @react-email/render loads react-dom/server with import(), which Jest's CommonJS sandbox refuses: compiled by SWC
  // it becomes require(). @fastify/static (Swagger UI's files on Fastify) requires content-disposition, an ES module.
  transformIgnorePatterns: [
    '/node_modules/(?!@react-email/render/|@fastify/static/node_modules/content-disposition/|content-disposition/dist/)',
  ],
  transform: { ...preset.transform, '@react-email/render/.+\\.cjs$': Object.values(preset.transform)[0] },
  testTimeout: 60000,
};
