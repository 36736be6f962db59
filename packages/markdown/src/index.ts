export * from './parse';
export * from './render-html';
