export * from './catalog';
export * from './countries';
export * from './currency';
export * from './errors';
export * from './health';
export * from './routes';
