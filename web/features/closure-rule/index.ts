// The closure-rule lifecycle (machines/closure-rule, server/lifecycles/closure-rule): the owner's
// weekly closures, their data hooks.
export * from './closure-rule.api';
