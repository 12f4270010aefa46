// class-transformer keeps `@Type` in a storage its package entry does not export; its types are shipped.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
