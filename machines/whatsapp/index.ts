export * from './whatsapp.rules';
