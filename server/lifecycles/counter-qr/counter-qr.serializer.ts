// The API's counter QR bodies; whether it can be closed or paid is the counter-QR machine's answer.
import type { components } from '@generated/api.js';
import { counterQrFromApi, counterQrMachine, counterQrShownStatus, decide } from '@machines';
import { requestBody } from '@server/lifecycles/payment-link/payment-link.serializer.js';
import type { CounterQrRow } from './counter-qr.read.js';

export function counterQrBody(row: CounterQrRow, now: string): components['schemas']['CounterQr'] {
  const state = counterQrFromApi(row, now);
  return {
    id: row.id,
    qr_id: row.provider_qr_id,
    ...requestBody(row),
    status: counterQrShownStatus(row, now),
    upi_uri: row.upi_uri,
    image_url: row.image_url,
    close_by: row.close_by,
    closable: decide(counterQrMachine, state, { type: 'counter_qr.close' }).ok,
    payable: decide(counterQrMachine, state, { type: 'counter_qr.credit' }).ok,
  };
}
