// Test-only: lets a child process run the API's TypeScript sources (`node --require tools/testing/register-ts.cjs
// file.ts`): .ts files are compiled on require by @swc/core with the Jest preset's options, and the workspace path
// aliases resolve to the libraries' sources. The built API never uses it (it runs the compiled JavaScript).
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const aliases = {
  '@app/contracts': path.join(root, 'libs/contracts/src/index.ts'),
  '@app/domain': path.join(root, 'libs/domain/src/index.ts'),
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

// .tsx too: the API's mail templates (React Email), which the worker loads to send the outbox's mails.
for (const extension of ['.ts', '.tsx']) {
  Module._extensions[extension] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx: extension === '.tsx' },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    module._compile(code, filename);
  };
}
