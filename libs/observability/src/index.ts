export * from './logger';
export * from './metrics';
export * from './exception.filter';
export * from './health';
export * from './http-app';
export * from './config';
export * from './domain-error';
export * from './etag-header';
