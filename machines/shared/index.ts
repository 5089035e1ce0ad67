export * from './constants';
export * from './dates';
export * from './failure';
export * from './lifecycle';
export * from './text';
