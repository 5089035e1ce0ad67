export * from './meal-skip.fromApi';
export * from './meal-skip.machine';
export * from './meal-skip.messages';
export * from './meal-skip.rules';
export * from './meal-skip.types';
