// Runs the local WhatsApp Cloud API sandbox beside `npm run dev`, for trying WhatsApp without Meta:
//   WHATSAPP_APP_SECRET=s WHATSAPP_TOKEN=t WHATSAPP_PHONE_NUMBER_ID=1 npx tsx scripts/whatsapp-sandbox.ts
// then start the server with the same three and WHATSAPP_API_URL set to the address it prints. Its
// status webhooks go to PUBLIC_URL (default http://localhost:8000)/api/whatsapp/webhook/. Type
// "<wa_id> <text>" (e.g. "919876543210 STOP") to send a customer's reply.
import { createInterface } from 'node:readline';
import { startWhatsappSandbox } from '../server/services/whatsapp/sandbox.js';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (the same value as the server's).`);
    process.exit(1);
  }
  return value;
};

const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:8000').replace(/\/+$/, '');
const sandbox = await startWhatsappSandbox({
  appSecret: need('WHATSAPP_APP_SECRET'),
  token: need('WHATSAPP_TOKEN'),
  phoneNumberId: need('WHATSAPP_PHONE_NUMBER_ID'),
  webhookUrl: `${publicUrl}/api/whatsapp/webhook/`,
  autoDeliverMs: 500,
  port: Number(process.env.WHATSAPP_SANDBOX_PORT ?? 8790),
});
console.log(`WhatsApp sandbox: set WHATSAPP_API_URL=${sandbox.url}`);
console.log(`Webhooks go to ${publicUrl}/api/whatsapp/webhook/. Type "<wa_id> <text>" to reply.`);
process.once('SIGINT', () => void sandbox.close().then(() => process.exit(0)));
// Runs until interrupted; without a terminal (stdin closed) it keeps serving.
for await (const line of createInterface({ input: process.stdin })) {
  const [waId, ...words] = line.trim().split(/\s+/);
  if (waId && words.length > 0) await sandbox.reply(waId, words.join(' '));
}
