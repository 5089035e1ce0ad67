// The meal-skip lifecycle (machines/meal-skip, server/lifecycles/meal-skip): the customer skips a
// meal or puts it back.
export * from './meal-skip.api';
