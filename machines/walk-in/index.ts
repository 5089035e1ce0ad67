export * from './walk-in.fromApi';
export * from './walk-in.machine';
export * from './walk-in.messages';
export * from './walk-in.rules';
export * from './walk-in.types';
