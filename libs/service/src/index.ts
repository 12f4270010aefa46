export * from './service-config';
export * from './service.module';
export * from './service-main';
export * from './paging-headers';
