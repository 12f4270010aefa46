export * from './users';
export * from './users.dto';
export * from './events';
export * from './errors';
export * from './routes';
export * from './route-access';
export * from './money';
export * from './crm';
export * from './crm.dto';
export * from './paging.dto';
export * from './quote-edits';
export * from './monitoring';
export * from './work';
export * from './work.dto';
export * from './workflows';
export * from './workflows.dto';
export * from './assistant';
export * from './documents';
export * from './document-page';
export * from './documents.dto';
export * from './settings';
export * from './settings.dto';
export * from './integrations';
export * from './integrations.dto';
export * from './revisions';
export * from './labels';
export {
  ASYNCAPI_DOCUMENT_PATH,
  eventsOf,
  loadAsyncApiDocument,
  type AsyncApiDocument,
  type AsyncApiMessage,
} from './asyncapi/document';
