export * from './auth';
export * from './catalog';
export * from './countries';
export * from './currency';
export * from './dates';
export * from './errors';
export * from './fx';
export * from './health';
export * from './html';
export * from './leads';
export * from './lists';
export * from './mailbox';
export * from './orders';
export * from './primitives';
export * from './reports';
export * from './reward-email';
export * from './routes';

import './schema-names';
