export * from './reminder.machine';
export * from './reminder.rules';
