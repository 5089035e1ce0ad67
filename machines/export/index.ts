export * from './export.machine';
export * from './export.rules';
export * from './export.types';
