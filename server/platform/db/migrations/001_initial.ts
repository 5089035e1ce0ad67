// The whole schema, written once with Kysely's builder so the same DDL runs on SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

type Table = CreateTableBuilder<string, never>;

function withId(table: Table, dialect: Dialect): Table {
  return table.addColumn('id', 'integer', (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement(),
  );
}

const ref = (target: string) => (column: ColumnDefinitionBuilder) =>
  column.notNull().references(target).onDelete('cascade');

export function initialMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const create = (name: string) => db.schema.createTable(name) as unknown as Table;

      await withId(create('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_lower', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('user_type', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('phone_verified', 'boolean', (c) => c.notNull())
        .addColumn('last_login', 'text')
        .addColumn('is_tiffin_user', 'boolean', (c) => c.notNull())
        .addColumn('is_mess_user', 'boolean', (c) => c.notNull())
        .addColumn('preferred_delivery_time', 'text', (c) => c.notNull())
        .addColumn('date_joined', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_user_type').on('users').columns(['user_type']).execute();

      await create('student_profiles')
        .addColumn('user_id', 'integer', (c) => ref('users.id')(c).primaryKey())
        .addColumn('institute', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('hostel', 'text', (c) => c.notNull())
        .addColumn('year', 'text', (c) => c.notNull())
        .addColumn('course', 'text', (c) => c.notNull())
        .execute();
      await create('regular_profiles')
        .addColumn('user_id', 'integer', (c) => ref('users.id')(c).primaryKey())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('landmark', 'text', (c) => c.notNull())
        .addColumn('pincode', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .execute();
      await create('mess_owner_profiles')
        .addColumn('user_id', 'integer', (c) => ref('users.id')(c).primaryKey())
        .addColumn('mess_name', 'text', (c) => c.notNull())
        .addColumn('business_address', 'text', (c) => c.notNull())
        .addColumn('business_phone', 'text', (c) => c.notNull())
        .addColumn('business_email', 'text', (c) => c.notNull())
        .addColumn('gst_number', 'text')
        .execute();

      await create('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();
      await create('refresh_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', ref('sessions.id'))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await withId(create('otp_codes'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('consumed_at', 'text')
        .execute();
      await db.schema
        .createIndex('otp_codes_phone')
        .on('otp_codes')
        .columns(['phone', 'created_at'])
        .execute();
      await withId(create('password_reset_tokens'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await create('rate_limit_hits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
        .execute();

      await withId(create('notification_logs'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('notification_type', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('recipient_email', 'text')
        .addColumn('recipient_phone', 'text')
        .addColumn('body', 'text')
        .addColumn('html', 'text')
        .addColumn('error_message', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('notification_logs_user')
        .on('notification_logs')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notification_logs_status')
        .on('notification_logs')
        .columns(['status'])
        .execute();

      await create('job_runs')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('run_key', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
        .execute();
      await create('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();

      await withId(create('plans'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('service_type', 'text', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('base_price_paise', 'bigint', (c) => c.notNull())
        .addColumn('included_meals', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(create('subscriptions'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        .addColumn('subscription_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('breakfast_included', 'boolean', (c) => c.notNull())
        .addColumn('total_paid_paise', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('base_end_date', 'text')
        .addColumn('adjusted_end_date', 'text')
        .addColumn('leave_days', 'integer', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .addColumn('renewed_from_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_user_status')
        .on('subscriptions')
        .columns(['user_id', 'status'])
        .execute();
      await db.schema
        .createIndex('subscriptions_status_end')
        .on('subscriptions')
        .columns(['status', 'adjusted_end_date'])
        .execute();

      await withId(create('payment_orders'), dialect)
        .addColumn('order_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription_id', 'integer', ref('subscriptions.id'))
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // At most one open order per subscription, enforced by the database itself.
      await db.schema
        .createIndex('payment_orders_one_open')
        .on('payment_orders')
        .column('subscription_id')
        .unique()
        .where(sql.ref('status'), '=', 'created')
        .execute();

      await withId(create('payments'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('subscription_id', 'integer', ref('subscriptions.id'))
        .addColumn('payment_order_id', 'integer', (c) => c.references('payment_orders.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text')
        .addColumn('payment_gateway', 'text', (c) => c.notNull())
        .addColumn('payment_mode', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('utr', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('receipt_number', 'bigint', (c) => c.unique())
        .addColumn('razorpay_order_id', 'text')
        .addColumn('razorpay_payment_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One successful payment per order, whatever races between verify and the webhook.
      await db.schema
        .createIndex('payments_one_success_per_order')
        .on('payments')
        .column('payment_order_id')
        .unique()
        .where(sql.ref('status'), '=', 'SUCCESS')
        .execute();
      await db.schema
        .createIndex('payments_user_created')
        .on('payments')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('payments_status_created')
        .on('payments')
        .columns(['status', 'created_at'])
        .execute();

      await withId(create('refunds'), dialect)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().unique().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
        .addColumn('amount_paise', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'integer', (c) => c.notNull())
        .addColumn('processed_at', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('utr', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refunds_status').on('refunds').columns(['status']).execute();

      await withId(create('leaves'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('subscription_id', 'integer', ref('subscriptions.id'))
        .addColumn('leave_start_date', 'text', (c) => c.notNull())
        .addColumn('leave_end_date', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text')
        .addColumn('rejected_at', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('decided_by', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One pending leave per user, enforced by the database as well as by the leave machine.
      await db.schema
        .createIndex('leaves_one_pending_per_user')
        .on('leaves')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), '=', 'PENDING')
        .execute();
      await db.schema
        .createIndex('leaves_status_dates')
        .on('leaves')
        .columns(['status', 'leave_start_date', 'leave_end_date'])
        .execute();

      await withId(create('feedback'), dialect)
        .addColumn('user_id', 'integer', ref('users.id'))
        .addColumn('subscription_id', 'integer', (c) =>
          c.references('subscriptions.id').onDelete('set null'),
        )
        .addColumn('feedback_type', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('meal_date', 'text')
        .addColumn('meal_type', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('admin_response', 'text')
        .addColumn('responded_at', 'text')
        .addColumn('responded_by', 'integer')
        .addColumn('can_add_attachments', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One open (open or in_progress) feedback per user.
      await db.schema
        .createIndex('feedback_one_open_per_user')
        .on('feedback')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), 'in', sql`('open', 'in_progress')`)
        .execute();
      await db.schema
        .createIndex('feedback_status_created')
        .on('feedback')
        .columns(['status', 'created_at'])
        .execute();

      await withId(create('feedback_attachments'), dialect)
        .addColumn('feedback_id', 'integer', (c) =>
          c.notNull().unique().references('feedback.id').onDelete('cascade'),
        )
        .addColumn('storage_name', 'text', (c) => c.notNull())
        .addColumn('original_filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('file_size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await create('webhook_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
