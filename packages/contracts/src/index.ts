export * from './auth';
export * from './errors';
export * from './health';
export * from './mailbox';
export * from './routes';
