export * from './envelope';
export * from './kafka-client';
export * from './outbox-relay';
export * from './consumer';
export * from './mongo-dedupe';
export * from './kafka.module';
export * from './namespace';
export * from './event-contract';
