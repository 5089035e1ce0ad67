export * from './session.machine';
export * from './session.messages';
export * from './session.rules';
