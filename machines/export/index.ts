export * from './export.machine';
export * from './export.rules';
