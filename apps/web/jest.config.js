// Browser journeys: one built web app, one API and one Chromium shared by every test file (see e2e/support).
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  // The app's own '~/' alias (tsconfig paths), for unit specs of server modules.
  moduleNameMapper: { ...preset.moduleNameMapper, '^~/(.*)$': '<rootDir>/app/$1' },
  displayName: 'web',
  rootDir: __dirname,
  testMatch: ['<rootDir>/app/**/*.spec.ts', '<rootDir>/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 90000,
};
