/**
 * The web client's entry (`@sixa/contracts/browser`): every type and constant of the contracts, and
 * the request DTOs as types only. The DTO classes themselves stay out: their class-validator and
 * class-transformer decorators run when a module is loaded, so importing one would bring both
 * libraries into the browser. Services import `@sixa/contracts` (index.ts), which has the classes.
 */
export * from './users';
export type * from './users.dto';
export * from './events';
export * from './errors';
export * from './routes';
export * from './route-access';
export * from './money';
export * from './crm';
export type * from './crm.dto';
export * from './quote-edits';
export * from './monitoring';
export * from './work';
export type * from './work.dto';
export * from './workflows';
export type * from './workflows.dto';
export * from './assistant';
export * from './documents';
export * from './document-page';
export type * from './documents.dto';
export * from './settings';
export type * from './settings.dto';
export * from './integrations';
export type * from './integrations.dto';
export * from './revisions';
export * from './labels';
