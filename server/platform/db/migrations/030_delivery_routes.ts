// Delivery routes and the run sheet (issue 22): the owner's routes (areas in order, riders, the
// saved stop order), each stop's state per date and meal (machines/delivery-stop), the riders'
// marks keyed by the id the phone made (so a mark sent any number of times is stored once), and
// the cash riders collect, pending until the owner confirms it into the ledger.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function deliveryRoutesMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('delivery_routes')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        // JSON arrays: the areas in riding order, the saved stop order (customer ids).
        .addColumn('areas', 'text', (c) => c.notNull())
        .addColumn('stop_order', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('delivery_route_riders')
        .addColumn('route_id', 'integer', (c) =>
          c.notNull().references('delivery_routes.id').onDelete('cascade'),
        )
        .addColumn('rider_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('delivery_route_riders_pk', ['route_id', 'rider_id'])
        .execute();
      await db.schema
        .createIndex('delivery_route_riders_rider')
        .on('delivery_route_riders')
        .column('rider_id')
        .execute();
      await db.schema
        .createTable('delivery_stops')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('route_id', 'integer', (c) =>
          c.references('delivery_routes.id').onDelete('set null'),
        )
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('pending', 'delivered', 'not_delivered')`),
        )
        .addColumn('reason', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('delivery_stops_pk', ['date', 'meal', 'user_id'])
        .execute();
      await db.schema
        .createTable('delivery_marks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('route_id', 'integer', (c) =>
          c.references('delivery_routes.id').onDelete('set null'),
        )
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('event', 'text', (c) =>
          c
            .notNull()
            .check(sql`event in ('delivered', 'not_delivered', 'box_returned', 'cash_collected')`),
        )
        .addColumn('reason', 'text')
        .addColumn('amount_paise', 'integer')
        .addColumn('marked_at', 'text', (c) => c.notNull())
        .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('delivery_marks_stop')
        .on('delivery_marks')
        .columns(['date', 'meal', 'user_id'])
        .execute();
      await db.schema
        .createIndex('delivery_marks_user_event')
        .on('delivery_marks')
        .columns(['user_id', 'event'])
        .execute();
      await db.schema
        .createTable('cash_collections')
        .addColumn('id', 'integer', id)
        .addColumn('mark_id', 'text', (c) =>
          c.notNull().unique().references('delivery_marks.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('route_id', 'integer', (c) =>
          c.references('delivery_routes.id').onDelete('set null'),
        )
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'confirmed', 'rejected')`),
        )
        .addColumn('collected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('collected_at', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('reject_reason', 'text')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', 'text')
        .execute();
      await db.schema
        .createIndex('cash_collections_status')
        .on('cash_collections')
        .columns(['status', 'id'])
        .execute();
    },
  };
}
