export * from './mongo.module';
export * from './mapping';
export * from './document-locks';
