// The service API's schemas, by area, and the whole catalogue.
export * from './common';
export * from './connector';
export * from './endpoints';
export * from './html';
export * from './in-store';
export * from './limits';
export * from './messages';
export * from './orders';
export * from './vouchers';
