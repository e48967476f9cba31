export * from './contract';
export * from './errors';
export * from './held-money';
export * from './integration';
export * from './operations';
export * from './orders';
export * from './printer';
export * from './settings';
