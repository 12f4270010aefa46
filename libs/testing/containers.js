// Test infrastructure in containers, for machines with a Docker engine (opt in with
// SIXA_TESTCONTAINERS=1): the official Kafka (KRaft) and MongoDB images, as in docker-compose.yml.
// Not exercised on this project's CI machines, which have no Docker engine; the local processes
// from deploy/infra.js are the default.
'use strict';

async function startContainers() {
  const { GenericContainer, Wait } = require('testcontainers');
  const mongo = await new GenericContainer('mongo:7')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forListeningPorts())
    .start();
  // Kafka must advertise the host port that Docker mapped, so the port is fixed before start.
  const port = await require('../../deploy/infra').freePort();
  const kafka = await new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: 9092, host: port })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .start();
  return {
    brokers: `127.0.0.1:${port}`,
    mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    stop: async () => {
      await kafka.stop();
      await mongo.stop();
    },
  };
}

module.exports = { startContainers };
