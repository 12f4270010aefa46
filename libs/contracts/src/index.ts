export * from './users';
export * from './users.dto';
export * from './events';
export * from './errors';
export * from './routes';
export * from './money';
export * from './crm';
export * from './crm.dto';
