export * from './mail-delivery';
export * from './outbox-reader';
