export * from './erasure.fromApi';
export * from './erasure.machine';
export * from './erasure.messages';
export * from './erasure.rules';
export * from './erasure.types';
