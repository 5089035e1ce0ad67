export * from './whatsapp.links';
export * from './whatsapp.rules';
