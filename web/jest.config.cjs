/**
 * Component tests of the web client. One project of the root jest run (`--selectProjects web`);
 * also runnable from this folder with `npx jest`.
 * @type {import('jest').Config}
 */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '^@sixa/contracts/browser$': '<rootDir>/../libs/contracts/src/browser.ts',
    // @ant-design/icons' CommonJS build requires the ESM file of its colour helper.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    // antd's own modules by path (App's context): the CommonJS build, as `antd` itself is in tests.
    '^antd/es/(.*)$': 'antd/lib/$1',
    // The icon definitions the screens without antd draw themselves (ESM only in es/).
    '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
    '\\.(css|less|svg|png|jpg)$': '<rootDir>/test/file-stub.cjs',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' }, legacyDecorator: true },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 45000,
};
