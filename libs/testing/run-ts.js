// Runs a service's TypeScript sources in a child process, as jest does (SWC, @sixa/* libraries from
// their sources), so that a test can start and SIGKILL a real service process without a build:
//   node -r libs/testing/run-ts.js services/work/src/main.ts
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const ROOT = path.join(__dirname, '..', '..');
const LIBS = /^@sixa\/(contracts|kafka|mongo|auth|observability|testing|mail)$/;

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const lib = LIBS.exec(request);
  return resolve.call(this, lib ? path.join(ROOT, 'libs', lib[1], 'src', 'index.ts') : request, ...rest);
};

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

// require.extensions is deprecated but is the one synchronous hook CommonJS offers for .ts files.
require.extensions['.ts'] = function compile(module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};

require('reflect-metadata');
