// `npx jest` at the root runs every workspace's tests as one run (see deploy/test.js for `npm test`).
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/web/jest.config.cjs',
    '<rootDir>/e2e/jest.config.js',
  ],
};
