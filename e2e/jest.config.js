// Browser tests: the real auth service and gateway (serving the built web client) on real Kafka and
// FerretDB, driven through the machine's Chromium with playwright-core.
const preset = require('../jest.preset.js')(__dirname, 'browser');

module.exports = { ...preset, testMatch: ['<rootDir>/**/*.e2e-spec.ts'], testTimeout: 120_000 };
