// Delivery routes and the run sheet (issue 22): the owner's routes (areas in order, riders, the
// saved stop order), each stop's state per date and meal (machines/delivery-stop), the riders'
// marks keyed by the id the phone made (so a mark sent any number of times is stored once), and
// the cash riders collect, pending until the owner confirms it into the ledger.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import {
  index,
  notNull,
  oneOf,
  ownedBy,
  tableWithId,
  tableWithTextKey,
  timestamps,
  weakRef,
} from './columns.js';

export function deliveryRoutesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'delivery_routes', dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        // JSON arrays: the areas in riding order, the saved stop order (customer ids).
        .addColumn('areas', 'text', notNull)
        .addColumn('stop_order', 'text', notNull)
        .$call(timestamps)
        .execute();
      await db.schema
        .createTable('delivery_route_riders')
        .addColumn('route_id', 'integer', ownedBy('delivery_routes.id'))
        .addColumn('rider_id', 'integer', ownedBy('users.id'))
        .addPrimaryKeyConstraint('delivery_route_riders_pk', ['route_id', 'rider_id'])
        .execute();
      await index(db, 'delivery_route_riders_rider', 'delivery_route_riders', ['rider_id']);
      await db.schema
        .createTable('delivery_stops')
        .addColumn('date', 'text', notNull)
        .addColumn('meal', 'text', notNull)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('route_id', 'integer', weakRef('delivery_routes.id'))
        .addColumn('state', 'text', oneOf('state', ['pending', 'delivered', 'not_delivered']))
        .addColumn('reason', 'text')
        .addColumn('updated_at', 'text', notNull)
        .addPrimaryKeyConstraint('delivery_stops_pk', ['date', 'meal', 'user_id'])
        .execute();
      await tableWithTextKey(db, 'delivery_marks', 'id')
        .addColumn('route_id', 'integer', weakRef('delivery_routes.id'))
        .addColumn('date', 'text', notNull)
        .addColumn('meal', 'text', notNull)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn(
          'event',
          'text',
          oneOf('event', ['delivered', 'not_delivered', 'box_returned', 'cash_collected']),
        )
        .addColumn('reason', 'text')
        .addColumn('amount_paise', 'integer')
        .addColumn('marked_at', 'text', notNull)
        .addColumn('marked_by', 'integer', weakRef('users.id'))
        .addColumn('received_at', 'text', notNull)
        .execute();
      await index(db, 'delivery_marks_stop', 'delivery_marks', ['date', 'meal', 'user_id']);
      await index(db, 'delivery_marks_user_event', 'delivery_marks', ['user_id', 'event']);
      await tableWithId(db, 'cash_collections', dialect)
        .addColumn('mark_id', 'text', (c) => ownedBy('delivery_marks.id')(c).unique())
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('route_id', 'integer', weakRef('delivery_routes.id'))
        .addColumn('date', 'text', notNull)
        .addColumn('meal', 'text', notNull)
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', oneOf('status', ['pending', 'confirmed', 'rejected']))
        .addColumn('collected_by', 'integer', weakRef('users.id'))
        .addColumn('collected_at', 'text', notNull)
        .addColumn('payment_id', 'integer', weakRef('payments.id'))
        .addColumn('reject_reason', 'text')
        .addColumn('decided_by', 'integer', weakRef('users.id'))
        .addColumn('decided_at', 'text')
        .execute();
      await index(db, 'cash_collections_status', 'cash_collections', ['status', 'id']);
    },
  };
}
