// Texts the owner's Payments and Users screens show from machines/ (which `dabba` shows too) read in
// English exactly as the machines write them: the adjustment and offline payment toasts, payment
// modes and gateways, and the export's sources, columns and notice (the messages.ts of
// web/features/subscription, payment and export), and the spec's words for a refused owner screen.
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  EXPORT_SOURCE_LABELS,
  EXPORT_SOURCES,
  exportSuccessNotice,
} from '@machines/export';
import {
  OFFLINE_PAYMENT_MODE_LABELS,
  OFFLINE_PAYMENT_TOASTS,
  paymentGatewayLabel,
  paymentModeLabel,
} from '@machines/payment';
import { SUBSCRIPTION_ADJUSTMENT_TOASTS } from '@machines/subscription';
import { EXPORT_COLUMN_MESSAGES, EXPORT_SOURCE_MESSAGES } from '../../web/features/export/messages';
import {
  GATEWAY_MESSAGES,
  OFFLINE_PAYMENT_TOAST_MESSAGES,
  PAYMENT_MODE_MESSAGES,
} from '../../web/features/payment/messages';
import { ADJUSTMENT_TOAST_MESSAGES } from '../../web/features/subscription/messages';
import {
  DOWNLOAD_UNAUTHORIZED,
  PAYMENT_DETAILS_UNAUTHORIZED,
  UNAUTHORIZED_MESSAGES,
  UNAUTHORIZED_TITLE,
} from '../../web/i18n/unauthorized';
import { en } from './catalogues';

/** An English message as the app writes it, ICU plurals included. */
function written(id: string, values: Readonly<Record<string, string | number>>) {
  const i18n = setupI18n({
    locale: 'en',
    messages: { en: { [id]: compileMessage(en[id] ?? '') } },
  });
  return i18n._(id, values);
}

type Toasts = Readonly<Record<string, { readonly title: string; readonly message?: string }>>;
type ToastIds = Readonly<Record<string, { readonly title: string; readonly message?: string }>>;

function expectSameToasts(machine: Toasts, ids: ToastIds) {
  for (const [name, messageIds] of Object.entries(ids)) {
    const toast = machine[name];
    expect(toast, name).toBeDefined();
    expect(en[messageIds.title], `${name} title`).toBe(toast?.title);
    if (messageIds.message) expect(en[messageIds.message], `${name} message`).toBe(toast?.message);
  }
}

describe('the messages of machines/ texts on the Payments and Users screens', () => {
  it("give the end-date adjustments' toasts the subscription machine's English", () => {
    expectSameToasts(SUBSCRIPTION_ADJUSTMENT_TOASTS, ADJUSTMENT_TOAST_MESSAGES);
    expect(Object.keys(ADJUSTMENT_TOAST_MESSAGES).sort()).toEqual(
      Object.keys(SUBSCRIPTION_ADJUSTMENT_TOASTS).sort(),
    );
  });

  it("give the Record Payment toasts the payment machine's English", () => {
    expectSameToasts(OFFLINE_PAYMENT_TOASTS, OFFLINE_PAYMENT_TOAST_MESSAGES);
  });

  it('name payment modes and gateways as the payment rules do', () => {
    for (const [mode, id] of Object.entries(PAYMENT_MODE_MESSAGES)) {
      expect(en[id], mode).toBe(paymentModeLabel(mode));
    }
    for (const [mode, label] of Object.entries(OFFLINE_PAYMENT_MODE_LABELS)) {
      expect(en[PAYMENT_MODE_MESSAGES[mode as keyof typeof PAYMENT_MODE_MESSAGES]], mode).toBe(
        label,
      );
    }
    for (const [gateway, id] of Object.entries(GATEWAY_MESSAGES)) {
      expect(en[id], gateway).toBe(paymentGatewayLabel(gateway));
    }
  });

  it("give the export dialog the export machine's sources, columns and notice", () => {
    for (const source of EXPORT_SOURCES) {
      expect(en[EXPORT_SOURCE_MESSAGES[source]], source).toBe(EXPORT_SOURCE_LABELS[source]);
    }
    for (const column of EXPORT_COLUMNS) {
      const id = EXPORT_COLUMN_MESSAGES[column.key];
      expect(id, column.key).toBeDefined();
      expect(en[id ?? ''], column.key).toBe(column.header);
    }
    expect(Object.keys(EXPORT_COLUMN_MESSAGES).sort()).toEqual(
      EXPORT_COLUMNS.map((column) => column.key).sort(),
    );
    const notice = exportSuccessNotice(1234);
    expect(exportSuccessNotice(1).message).toBe('Downloaded 1 record.');
    expect(en['superuser.export.toast.title']).toBe(notice.title);
    for (const count of [1, 1234]) {
      expect(written('superuser.export.toast.message', { count })).toBe(
        exportSuccessNotice(count).message,
      );
    }
  });

  it("keep the spec's words for a refused owner screen", () => {
    expect(en[UNAUTHORIZED_MESSAGES.title]).toBe(UNAUTHORIZED_TITLE);
    expect(en[UNAUTHORIZED_MESSAGES.paymentDetails]).toBe(PAYMENT_DETAILS_UNAUTHORIZED);
    expect(en[UNAUTHORIZED_MESSAGES.download]).toBe(DOWNLOAD_UNAUTHORIZED);
  });
});
