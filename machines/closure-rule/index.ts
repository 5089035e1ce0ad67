export * from './closure-rule.fromApi';
export * from './closure-rule.machine';
export * from './closure-rule.messages';
export * from './closure-rule.rules';
export * from './closure-rule.types';
