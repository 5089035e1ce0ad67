export * from './consent.fromApi';
export * from './consent.machine';
export * from './consent.messages';
export * from './consent.rules';
export * from './consent.types';
