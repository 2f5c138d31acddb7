// Shared Jest settings: TypeScript through SWC (with decorator metadata for NestJS and MikroORM)
// and the workspace path aliases mapped onto the libraries' sources.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  moduleNameMapper: {
    '^@app/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@app/domain$': path.join(root, 'libs/domain/src/index.ts'),
  },
};
