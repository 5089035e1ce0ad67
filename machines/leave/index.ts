export * from './leave.fromApi';
export * from './leave.machine';
export * from './leave.messages';
export * from './leave.rules';
export * from './leave.types';
