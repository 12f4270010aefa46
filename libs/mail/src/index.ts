export * from './mail-delivery';
