export * from './mongo.module';
export * from './mapping';
