export * from './session.context';
export * from './session.events';
export * from './session.machine';
export * from './session.messages';
export * from './session.selectors';
export * from './session.tokens';
