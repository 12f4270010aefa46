export * from './tokens';
export * from './revocations';
export * from './auth.module';
export * from './revocation-feed';
