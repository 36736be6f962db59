export * from './auth';
export * from './errors';
export * from './health';
export * from './orders';
export * from './mailbox';
export * from './routes';
