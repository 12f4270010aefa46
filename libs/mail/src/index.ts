export * from './mail-delivery';
export * from './mail-records.repository';
export * from './outbox-reader';
