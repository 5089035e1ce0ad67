export * from './leave.context';
export * from './leave.events';
export * from './leave.machine';
export * from './leave.messages';
export * from './leave.rules';
export * from './leave.selectors';
export * from './leave.labels';
export * from './leave.fromApi';
