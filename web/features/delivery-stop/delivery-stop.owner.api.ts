// The owner's and a manager's side of the delivery run (docs/rules/delivery-stop.md): the run's
// progress and the riders' pending cash, both asked again while the page is open; the routes and
// their writes; a route's run sheet as it is on the server, for the printed sheet.
import type { components } from '@generated/api';
import type { ApiPath } from '@web/api/call';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';
import type { Meal } from './delivery-stop.api';

type Schemas = components['schemas'];
export type DeliveryRoute = Schemas['DeliveryRoute'];
export type DeliveryRouteWrite = Schemas['DeliveryRouteWrite'];
export type DeliveryProgress = Schemas['DeliveryProgress'];
export type CashCollection = Schemas['CashCollection'];
export type DeliveryRider = Schemas['DeliveryRider'];

/** How often an open progress page asks again: riders mark a stop every minute or two. */
const PROGRESS_POLL_MS = 20_000;

const ROUTES = '/owner/routes/' satisfies ApiPath<'get'>;
const PROGRESS = '/owner/deliveries/' satisfies ApiPath<'get'>;
const CASH = '/owner/cash-collections/' satisfies ApiPath<'get'>;
const RUN = '/delivery/run/' satisfies ApiPath<'get'>;
const RIDER_ROUTES = '/delivery/routes/' satisfies ApiPath<'get'>;
const RIDERS = '/delivery/riders/' satisfies ApiPath<'get'>;

/** Kept fresh on its own: every PROGRESS_POLL_MS while shown, and when the window gets focus. */
const LIVE = {
  role: 'business',
  refetchInterval: PROGRESS_POLL_MS,
  refetchOnWindowFocus: 'always',
  staleTime: 0,
} as const;

export const useDeliveryProgress = (date: string, meal: Meal) =>
  useApiQuery(PROGRESS, { params: { query: { date, meal } } }, LIVE);

export const usePendingCash = () =>
  useApiQuery(CASH, { params: { query: { status: 'pending' } } }, LIVE);

export const useOwnerRoutes = () => useApiQuery(ROUTES, undefined, { role: 'business' });

/** The active riders a route may be given, asked when the route dialog opens. */
export const useRiders = (enabled: boolean) =>
  useApiQuery(RIDERS, undefined, { role: 'business', enabled, staleTime: 0 });

/** A route's run sheet as the server has it (the owner's printed sheet; no copy on the device). */
export const useRouteSheet = (route: number, date: string, meal: Meal) =>
  useApiQuery(RUN, { params: { query: { route, date, meal } } }, { role: 'business' });

// A route's change moves stops between run sheets, so the progress and sheets are asked again.
const ROUTE_READS: readonly ApiPath<'get'>[] = [ROUTES, RIDER_ROUTES, PROGRESS, RUN];

export const useCreateRoute = () =>
  useApiMutation('post', '/owner/routes/', {
    init: (body: DeliveryRouteWrite) => ({ body }),
    refreshes: ROUTE_READS,
  });

export const useUpdateRoute = () =>
  useApiMutation('put', '/owner/routes/{id}/', {
    init: ({ id, body }: { id: number; body: DeliveryRouteWrite }) => ({ ...byId(id), body }),
    refreshes: ROUTE_READS,
  });

export const useDeleteRoute = () =>
  useApiMutation('delete', '/owner/routes/{id}/', { init: byId, refreshes: ROUTE_READS });

// A confirmed collection becomes a counter payment: every owner figure may move.
export const useConfirmCash = () =>
  useApiMutation('post', '/owner/cash-collections/{id}/confirm/', {
    init: byId,
    refreshes: 'all',
  });

export const useRejectCash = () =>
  useApiMutation('post', '/owner/cash-collections/{id}/reject/', {
    init: ({ id, reason }: { id: number; reason: string }) => ({ ...byId(id), body: { reason } }),
    refreshes: [CASH],
  });
