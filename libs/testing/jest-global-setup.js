// Jest global setup: use KAFKA_BROKERS / MONGO_URL when given (npm test starts them once for all
// runs); with SIXA_TESTCONTAINERS=1, containers (Docker engine needed); otherwise the local
// infrastructure for this jest run on free ports in a temp folder.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async function globalSetup() {
  if (process.env.KAFKA_BROKERS && process.env.MONGO_URL) return;
  if (globalThis.__SIXA_INFRA__) return;
  if (process.env.SIXA_TESTCONTAINERS === '1') {
    const infra = await require('./containers').startContainers();
    process.env.KAFKA_BROKERS = infra.brokers;
    process.env.MONGO_URL = infra.mongoUrl;
    globalThis.__SIXA_INFRA__ = { ...infra, dataDir: null };
    return;
  }
  const { freePort, startInfra } = require('../../deploy/infra');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sixa-test-'));
  const infra = await startInfra({ dataDir, kafkaPort: await freePort(), mongoPort: await freePort() });
  process.env.KAFKA_BROKERS = infra.brokers;
  process.env.MONGO_URL = infra.mongoUrl;
  globalThis.__SIXA_INFRA__ = { ...infra, dataDir };
};
