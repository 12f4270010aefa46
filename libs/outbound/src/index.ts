export * from './guard';
export * from './signature';
