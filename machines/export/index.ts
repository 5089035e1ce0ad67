export * from './export.context';
export * from './export.events';
export * from './export.machine';
export * from './export.rules';
export * from './export.selectors';
