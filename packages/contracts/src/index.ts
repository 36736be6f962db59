export * from './errors';
export * from './health';
export * from './orders';
export * from './routes';
