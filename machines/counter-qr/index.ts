export * from './counter-qr.fromApi';
export * from './counter-qr.machine';
export * from './counter-qr.messages';
export * from './counter-qr.rules';
export * from './counter-qr.types';
