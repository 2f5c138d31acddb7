// Unit tests (src/**/*.spec.ts) and integration tests against real services (test/**/*.e2e-spec.ts), run serially:
// integration suites share one PostgreSQL server and the machine has two cores.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  maxWorkers: 1,
  testTimeout: 60000,
};
