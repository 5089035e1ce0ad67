export * from './staff.access';
export * from './staff.fromApi';
export * from './staff.machine';
export * from './staff.messages';
export * from './staff.rules';
export * from './staff.types';
