// A rider's reads and writes (docs/rules/delivery-stop.md). The run sheet last loaded for a route, date
// and meal is kept on the phone, so it shows without signal. Marks and stop orders go into an
// outbox kept on the phone (localStorage) and are sent when the phone is online: a mark stays in
// the outbox until the server has answered it (machines/delivery-stop/delivery-outbox.ts decides
// what an answer does), and a refused mark is kept, with its sentence, until the rider has read it.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { components } from '@generated/api';
import {
  outboxBatch,
  settleOutbox,
  untimelyMark,
  type OutboxMark,
  type RefusedMark,
} from '@machines/delivery-stop';
import { refusalText } from '@web/i18n/refusals';
import { businessTimeZone } from '@web/lib/format';
import { apiFetch } from '@web/api/call';
import { ApiError } from '@web/api/errors';
import { useApiQuery, useRefreshReads } from '@web/api/query';
import { useApiScope } from '@web/api/scope';
import type { ApiClient } from '@web/api/client';

type Schemas = components['schemas'];
export type RunSheet = Schemas['RunSheet'];
export type RunSheetStop = Schemas['RunSheetStop'];
export type Meal = Schemas['Meal'];

const RUN_SHEET_PREFIX = 'dabba.runSheet.';
const OUTBOX_KEY = 'dabba.deliveryOutbox';
const ORDERS_KEY = 'dabba.deliveryOrders';
const REFUSED_KEY = 'dabba.deliveryRefused';

function readJson<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage: the outbox still lives in memory until the page closes.
  }
}

const ROUTES_KEY = 'dabba.deliveryRoutes';

/** The rider's routes: the server's, or the list this phone kept when it cannot be reached. */
export function useDeliveryRoutes() {
  const query = useApiQuery('/delivery/routes/', undefined, { role: 'business', retry: false });
  const fresh = query.data;
  useEffect(() => {
    if (fresh) writeJson(ROUTES_KEY, fresh);
  }, [fresh]);
  const saved = fresh ? null : readJson<Schemas['DeliveryRoute'][] | null>(ROUTES_KEY, null);
  return { data: fresh ?? saved ?? undefined, isError: query.isError && !fresh && !saved };
}

const runSheetKey = (route: number, date: string, meal: Meal) =>
  `${RUN_SHEET_PREFIX}${route}.${date}.${meal}`;

/**
 * The run sheet of a route, date and meal: the server's, or, until it answers and while it cannot
 * be reached, the copy this phone kept (`offline` says so).
 */
export function useRunSheet(route: number | null, date: string, meal: Meal) {
  const query = useApiQuery(
    '/delivery/run/',
    { params: { query: { route: route ?? 0, date, meal } } },
    { role: 'business', enabled: route !== null, retry: false },
  );
  const fresh = query.data;
  const key = route === null ? null : runSheetKey(route, date, meal);
  useEffect(() => {
    if (fresh && key) writeJson(key, fresh);
  }, [fresh, key]);
  const saved = key && !fresh ? readJson<RunSheet | null>(key, null) : null;
  return {
    data: fresh ?? saved ?? undefined,
    isLoading: query.isPending && !saved,
    offline: !fresh && saved !== null && (query.isError || query.isPending),
    error: !fresh && !saved && query.isError ? query.error : null,
  };
}

/** The phone's outbox: marks and stop orders waiting to be sent, and the refusals not yet read. */
interface OutboxState {
  readonly marks: readonly OutboxMark[];
  /** Route id → its customers in the rider's order. */
  readonly orders: Readonly<Record<string, readonly number[]>>;
  readonly refused: readonly RefusedMark[];
}

let state: OutboxState = {
  marks: readJson<OutboxMark[]>(OUTBOX_KEY, []),
  orders: readJson<Record<string, number[]>>(ORDERS_KEY, {}),
  refused: readJson<RefusedMark[]>(REFUSED_KEY, []),
};
const listeners = new Set<() => void>();

function update(next: Partial<OutboxState>): void {
  state = { ...state, ...next };
  if (next.marks) writeJson(OUTBOX_KEY, next.marks);
  if (next.orders) writeJson(ORDERS_KEY, next.orders);
  if (next.refused) writeJson(REFUSED_KEY, next.refused);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A UUID made on the phone (randomUUID needs a secure page; the fallback is RFC 4122 v4 too). */
function newMarkId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer at all, or one worth asking again later: the outbox keeps what it sent. */
const sendAgainLater = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 429 ||
  error.status >= 500;

let sending = false;

/** Sends the outbox once (one batch of marks, then the orders); true when anything was answered. */
async function sendOutbox(api: ApiClient): Promise<boolean> {
  if (sending) return false;
  sending = true;
  let answered = false;
  try {
    const batch = outboxBatch(state.marks);
    if (batch.length > 0) {
      try {
        const { results } = await apiFetch(api, 'post', '/delivery/marks/', {
          body: { marks: batch.map((mark) => ({ ...mark })) },
        });
        const settled = settleOutbox(state.marks, results);
        update({ marks: settled.outbox, refused: [...state.refused, ...settled.refused] });
        answered = true;
      } catch (error) {
        if (sendAgainLater(error)) return answered;
        // The whole batch was refused (a 400): each mark is shown refused, with the sentence.
        const detail = error instanceof Error ? error.message : String(error);
        const code = error instanceof ApiError ? (error.body?.error_code ?? 'bad_request') : '';
        const settled = settleOutbox(
          state.marks,
          batch.map((mark) => ({ id: mark.id, status: 'refused', error_code: code, detail })),
        );
        update({ marks: settled.outbox, refused: [...state.refused, ...settled.refused] });
        answered = true;
      }
    }
    for (const [route, customerIds] of Object.entries(state.orders)) {
      try {
        await apiFetch(api, 'put', '/delivery/routes/{id}/order/', {
          params: { path: { id: Number(route) } },
          body: { customer_ids: [...customerIds] },
        });
      } catch (error) {
        if (sendAgainLater(error)) continue;
      }
      // Sent, or refused for good (the route was taken away): the server's order stands.
      if (state.orders[route] === customerIds) {
        const { [route]: _sent, ...rest } = state.orders;
        update({ orders: rest });
      }
      answered = true;
    }
  } finally {
    sending = false;
  }
  return answered;
}

/**
 * The outbox for the rider's screen: what waits, the refusals to show, and the writes. It is sent
 * on load, when the phone comes back online, and after each new mark while online.
 */
export function useDeliveryOutbox() {
  const { api } = useApiScope();
  const refresh = useRefreshReads();
  const current = useSyncExternalStore(subscribe, () => state);
  const [online, setOnline] = useState(() => navigator.onLine);

  const flush = useCallback(async () => {
    if (!navigator.onLine) return;
    // A batch of 200 at a time, while each answer shortens the outbox.
    let left = Infinity;
    while (state.marks.length + Object.keys(state.orders).length < left) {
      left = state.marks.length + Object.keys(state.orders).length;
      if (left === 0 || !(await sendOutbox(api))) break;
    }
    await refresh(['/delivery/run/']);
  }, [api, refresh]);

  useEffect(() => {
    const goneOnline = () => {
      setOnline(true);
      void flush();
    };
    const goneOffline = () => setOnline(false);
    window.addEventListener('online', goneOnline);
    window.addEventListener('offline', goneOffline);
    void flush();
    return () => {
      window.removeEventListener('online', goneOnline);
      window.removeEventListener('offline', goneOffline);
    };
  }, [flush]);

  const addMark = useCallback(
    (mark: Omit<OutboxMark, 'id' | 'marked_at'>) => {
      const made: OutboxMark = { ...mark, id: newMarkId(), marked_at: new Date().toISOString() };
      // A date the server would refuse (tomorrow, last week) is refused here, in its words.
      const refused = untimelyMark(
        made,
        { nowMs: Date.now(), timeZone: businessTimeZone() },
        refusalText,
      );
      if (refused) {
        update({ refused: [...state.refused, refused] });
        return;
      }
      update({ marks: [...state.marks, made] });
      void flush();
    },
    [flush],
  );

  const saveOrder = useCallback(
    (route: number, customerIds: readonly number[]) => {
      update({ orders: { ...state.orders, [String(route)]: customerIds } });
      void flush();
    },
    [flush],
  );

  const dismissRefused = useCallback((markId: string) => {
    update({ refused: state.refused.filter((refused) => refused.mark.id !== markId) });
  }, []);

  return {
    marks: current.marks,
    orders: current.orders,
    refused: current.refused,
    /** Marks and orders not yet answered. */
    waiting: current.marks.length + Object.keys(current.orders).length,
    online,
    addMark,
    saveOrder,
    dismissRefused,
  };
}
