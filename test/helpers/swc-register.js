/**
 * Lets a child process `require` the TypeScript sources directly (no build):
 * `node -r ./test/helpers/swc-register.js script.ts`. Maps `@herald/<pkg>` to
 * libs/<pkg>/src, `./x.js` to `./x.ts` where only the source exists, and compiles .ts
 * with @swc/core, as jest does.
 */
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');

const root = join(__dirname, '..', '..');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@herald\/(contracts|observability|monitor|notification)(?:\/(.*))?$/.exec(
    request,
  );
  if (match) request = join(root, 'libs', match[1], 'src', match[2] ?? '');
  try {
    return resolve.call(this, request, ...rest);
  } catch (error) {
    // ES module sources import siblings as './x.js': the file on disk is './x.ts'.
    if (error.code !== 'MODULE_NOT_FOUND' || !/^\.{1,2}\/.*\.js$/.test(request)) throw error;
    return resolve.call(this, request.slice(0, -3), ...rest);
  }
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
