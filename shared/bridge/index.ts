export * from './contract';
export * from './errors';
export * from './integration';
export * from './operations';
export * from './orders';
export * from './printer';
export * from './settings';
export * from './store-db';
