const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const infra = globalThis.__SIXA_INFRA__;
  if (!infra) return;
  globalThis.__SIXA_INFRA__ = undefined;
  await infra.stop();
  if (infra.dataDir) fs.rmSync(infra.dataDir, { recursive: true, force: true });
};
