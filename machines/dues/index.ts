export * from './dues.machine';
export * from './dues.messages';
export * from './dues.rules';
export * from './advance.rules';
export * from './dues.types';
