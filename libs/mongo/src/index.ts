export * from './mongo.module';
export * from './mapping';
export * from './store-adapter';
export * from './outbox';
export * from './paging';
export * from './base.repository';
export * from './lease';
export * from './counts';
