export * from './auth';
export * from './catalog';
export * from './countries';
export * from './currency';
export * from './errors';
export * from './health';
export * from './mailbox';
export * from './routes';
