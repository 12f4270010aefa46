// `npx jest` at the root runs every workspace's tests as one run (see deploy/test.js for `npm test`).
module.exports = {
  // Global only: jest ignores testTimeout inside a project's config in a multi-project run.
  testTimeout: 120_000,
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/web/jest.config.cjs',
    '<rootDir>/e2e/jest.config.js',
  ],
};
