export * from './settings.rules';
