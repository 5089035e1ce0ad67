export * from './menu.rules';
