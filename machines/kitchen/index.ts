export * from './kitchen.rules';
