// Shared jest settings for the server-side workspaces: TypeScript through SWC (with the decorator
// metadata NestJS needs), and @sixa/* libraries mapped to their sources so tests need no build.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = function preset(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
    transform: { '^.+\\.(t|j)s$': swc },
    // ESM-only packages that CommonJS code requires (Node does that natively; jest needs them compiled).
    transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
    moduleNameMapper: {
      '^@sixa/(contracts|kafka|mongo|auth|observability|testing|mail|outbound|service)$': path.join(
        __dirname,
        'libs/$1/src',
      ),
    },
    globalSetup: path.join(__dirname, 'libs/testing/jest-global-setup.js'),
    globalTeardown: path.join(__dirname, 'libs/testing/jest-global-teardown.js'),
    setupFiles: ['reflect-metadata'],
    testTimeout: 60_000,
  };
};
