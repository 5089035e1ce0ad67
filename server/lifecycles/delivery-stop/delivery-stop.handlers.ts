// Delivery routes (issue 22): the owner's routes, the riders' run sheets and marks (sent from an
// offline phone, applied exactly once), the cash riders collect and the owner's progress.
import { refusalSentence } from '@machines';
import type { Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import { requireUser, type Handlers } from '@server/http.js';
import { notFound } from '@server/errors.js';
import type { User } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';
import { requestLanguage } from '@server/platform/i18n.js';
import { listStaff } from '@server/lifecycles/staff/staff.read.js';
import {
  cashCollectionBody,
  cashCollectionSelect,
  deliveryProgress,
  readRoute,
  readRoutes,
  routeIdsOfRider,
  runSheetOf,
} from './delivery-stop.read.js';

const isRider = (user: User) => (user.user_type as string) === 'delivery';

export function deliveryHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const store = ctx.stores.delivery;

  /** The route, if the caller may see it: a rider only their own (any other is absent). */
  async function visibleRoute(user: User, id: number) {
    if (isRider(user) && !(await routeIdsOfRider(db, user.id)).includes(id)) throw notFound();
    const route = await readRoute(db, id);
    if (!route) throw notFound();
    return route;
  }

  return {
    async ownerListRoutes() {
      return readRoutes(db);
    },

    async ownerCreateRoute(request, reply) {
      const route = await store.createRoute(requireUser(request), request.body);
      reply.code(201);
      return route;
    },

    async ownerGetRoute(request) {
      const route = await readRoute(db, request.params.id);
      if (!route) throw notFound();
      return route;
    },

    async ownerUpdateRoute(request) {
      return store.updateRoute(requireUser(request), request.params.id, request.body);
    },

    async ownerDeleteRoute(request, reply) {
      await store.deleteRoute(requireUser(request), request.params.id);
      return reply.code(204).send();
    },

    async deliveryListRoutes(request) {
      const user = requireUser(request);
      return isRider(user) ? readRoutes(db, await routeIdsOfRider(db, user.id)) : readRoutes(db);
    },

    async deliveryListRiders() {
      return (await listStaff(db))
        .filter((member) => member.role === 'delivery' && member.status === 'active')
        .map((member) => ({
          id: member.user_id,
          name: fullName(member) || member.username,
          phone: member.phone,
        }));
    },

    async deliveryReorderStops(request) {
      const route = await visibleRoute(requireUser(request), request.params.id);
      return store.reorder(route.id, request.body.customer_ids);
    },

    async deliveryRunSheet(request) {
      const { route: id, date, meal } = request.query;
      const route = await visibleRoute(requireUser(request), id);
      return runSheetOf(ctx, route, date, meal as Meal);
    },

    async deliveryPostMarks(request) {
      const user = requireUser(request);
      const language = requestLanguage(request.headers['accept-language']);
      const outcomes = await store.applyMarks(ctx, user, request.body.marks, isRider(user));
      return {
        results: outcomes.map((outcome) =>
          outcome.status === 'refused'
            ? {
                id: outcome.id,
                status: outcome.status,
                error_code: outcome.refusal.code,
                detail: refusalSentence(language, outcome.refusal.key, outcome.refusal.values),
              }
            : {
                id: outcome.id,
                status: outcome.status,
                ...(outcome.state ? { state: outcome.state } : {}),
              },
        ),
      };
    },

    async ownerListCashCollections(request) {
      let query = cashCollectionSelect(db).orderBy('c.id', 'desc');
      const status = request.query?.status;
      if (status) query = query.where('c.status', '=', status);
      return (await query.limit(500).execute()).map(cashCollectionBody);
    },

    async ownerConfirmCashCollection(request) {
      return store.confirmCollection(requireUser(request), request.params.id);
    },

    async ownerRejectCashCollection(request) {
      return store.rejectCollection(requireUser(request), request.params.id, request.body.reason);
    },

    async ownerDeliveryProgress(request) {
      return deliveryProgress(ctx, request.query.date, request.query.meal as Meal);
    },
  } satisfies Partial<Handlers>;
}
