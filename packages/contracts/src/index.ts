export * from './errors';
export * from './health';
export * from './leads';
export * from './routes';
