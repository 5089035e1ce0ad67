export * from './phone-login.machine';
