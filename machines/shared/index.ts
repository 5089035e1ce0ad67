export * from './constants';
export * from './dates';
export * from './error-sentence';
export * from './failure';
export * from './lifecycle';
export * from './money';
export * from './phone';
export * from './text';
