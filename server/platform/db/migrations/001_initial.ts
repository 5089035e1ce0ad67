// The whole schema, written once with Kysely's builder so the same DDL runs on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import {
  index,
  notNull,
  ownedBy,
  tablePerUser,
  tableWithTextKey,
  tableWithId,
  timestamps,
  weakRef,
} from './columns.js';

export function initialMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'users', dialect)
        .addColumn('username', 'text', notNull)
        .addColumn('username_lower', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', notNull)
        .addColumn('email_lower', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('user_type', 'text', notNull)
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('is_active', 'boolean', notNull)
        .addColumn('phone_verified', 'boolean', notNull)
        .addColumn('last_login', 'text')
        .addColumn('is_tiffin_user', 'boolean', notNull)
        .addColumn('is_mess_user', 'boolean', notNull)
        .addColumn('preferred_delivery_time', 'text', notNull)
        .addColumn('date_joined', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await index(db, 'users_user_type', 'users', ['user_type']);

      await tablePerUser(db, 'student_profiles')
        .addColumn('institute', 'text', notNull)
        .addColumn('student_id', 'text', notNull)
        .addColumn('hostel', 'text', notNull)
        .addColumn('year', 'text', notNull)
        .addColumn('course', 'text', notNull)
        .execute();
      await tablePerUser(db, 'regular_profiles')
        .addColumn('address', 'text', notNull)
        .addColumn('landmark', 'text', notNull)
        .addColumn('pincode', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .execute();
      await tablePerUser(db, 'mess_owner_profiles')
        .addColumn('mess_name', 'text', notNull)
        .addColumn('business_address', 'text', notNull)
        .addColumn('business_phone', 'text', notNull)
        .addColumn('business_email', 'text', notNull)
        .addColumn('gst_number', 'text')
        .execute();

      await tableWithTextKey(db, 'sessions', 'id')
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .execute();
      await index(db, 'sessions_user', 'sessions', ['user_id']);
      await tableWithTextKey(db, 'refresh_tokens', 'jti')
        .addColumn('session_id', 'text', ownedBy('sessions.id'))
        .addColumn('issued_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .execute();

      await tableWithId(db, 'otp_codes', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('phone', 'text', notNull)
        .addColumn('code_hash', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('attempts', 'integer', notNull)
        .addColumn('consumed_at', 'text')
        .execute();
      await index(db, 'otp_codes_phone', 'otp_codes', ['phone', 'created_at']);
      await tableWithId(db, 'password_reset_tokens', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('key', 'text', notNull)
        .addColumn('window_start', 'bigint', notNull)
        .addColumn('count', 'integer', notNull)
        .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
        .execute();

      await tableWithId(db, 'notification_logs', dialect)
        .addColumn('user_id', 'integer', weakRef('users.id'))
        .addColumn('subject', 'text', notNull)
        .addColumn('notification_type', 'text', notNull)
        .addColumn('channel', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('recipient_email', 'text')
        .addColumn('recipient_phone', 'text')
        .addColumn('body', 'text')
        .addColumn('html', 'text')
        .addColumn('error_message', 'text')
        .addColumn('attempts', 'integer', notNull)
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .execute();
      await index(db, 'notification_logs_user', 'notification_logs', ['user_id', 'created_at']);
      await index(db, 'notification_logs_status', 'notification_logs', ['status']);

      await db.schema
        .createTable('job_runs')
        .addColumn('job', 'text', notNull)
        .addColumn('run_key', 'text', notNull)
        .addColumn('started_at', 'text', notNull)
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key'])
        .execute();
      await tableWithTextKey(db, 'counters', 'name')
        .addColumn('value', 'bigint', notNull)
        .execute();

      await tableWithId(db, 'plans', dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('is_active', 'boolean', notNull)
        .addColumn('service_type', 'text', notNull)
        .addColumn('duration_days', 'integer', notNull)
        .addColumn('base_price_paise', 'bigint', notNull)
        .addColumn('included_meals', 'text', notNull)
        .$call(timestamps)
        .execute();

      await tableWithId(db, 'subscriptions', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        .addColumn('subscription_type', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('breakfast_included', 'boolean', notNull)
        .addColumn('total_paid_paise', 'bigint', notNull)
        .addColumn('start_date', 'text')
        .addColumn('base_end_date', 'text')
        .addColumn('adjusted_end_date', 'text')
        .addColumn('leave_days', 'integer', notNull)
        .addColumn('cancelled_at', 'text')
        .addColumn('renewed_from_id', 'integer')
        .$call(timestamps)
        .execute();
      await index(db, 'subscriptions_user_status', 'subscriptions', ['user_id', 'status']);
      await index(db, 'subscriptions_status_end', 'subscriptions', ['status', 'adjusted_end_date']);

      await tableWithId(db, 'payment_orders', dialect)
        .addColumn('order_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('amount_paise', 'bigint', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .$call(timestamps)
        .execute();
      // At most one open order per subscription, enforced by the database itself.
      await index(db, 'payment_orders_one_open', 'payment_orders', ['subscription_id'], (builder) =>
        builder.unique().where(sql.ref('status'), '=', 'created'),
      );

      await tableWithId(db, 'payments', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('payment_order_id', 'integer', (c) => c.references('payment_orders.id'))
        .addColumn('status', 'text', notNull)
        .addColumn('amount_paise', 'bigint', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('transaction_id', 'text')
        .addColumn('payment_gateway', 'text', notNull)
        .addColumn('payment_mode', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('utr', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('receipt_number', 'bigint', (c) => c.unique())
        .addColumn('razorpay_order_id', 'text')
        .addColumn('razorpay_payment_id', 'text')
        .$call(timestamps)
        .execute();
      // One successful payment per order, whatever races between verify and the webhook.
      await index(
        db,
        'payments_one_success_per_order',
        'payments',
        ['payment_order_id'],
        (builder) => builder.unique().where(sql.ref('status'), '=', 'SUCCESS'),
      );
      await index(db, 'payments_user_created', 'payments', ['user_id', 'created_at']);
      await index(db, 'payments_status_created', 'payments', ['status', 'created_at']);

      await tableWithId(db, 'refunds', dialect)
        .addColumn('subscription_id', 'integer', (c) => ownedBy('subscriptions.id')(c).unique())
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
        .addColumn('amount_paise', 'bigint', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('requested_at', 'text', notNull)
        .addColumn('requested_by', 'integer', notNull)
        .addColumn('processed_at', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('utr', 'text')
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await index(db, 'refunds_status', 'refunds', ['status']);

      await tableWithId(db, 'leaves', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('leave_start_date', 'text', notNull)
        .addColumn('leave_end_date', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('duration_days', 'integer', notNull)
        .addColumn('requested_at', 'text', notNull)
        .addColumn('approved_at', 'text')
        .addColumn('rejected_at', 'text')
        .addColumn('admin_comment', 'text')
        .addColumn('decided_by', 'integer')
        .addColumn('updated_at', 'text', notNull)
        .execute();
      // One pending leave per user, enforced by the database as well as by the leave machine.
      await index(db, 'leaves_one_pending_per_user', 'leaves', ['user_id'], (builder) =>
        builder.unique().where(sql.ref('status'), '=', 'PENDING'),
      );
      await index(db, 'leaves_status_dates', 'leaves', [
        'status',
        'leave_start_date',
        'leave_end_date',
      ]);

      await tableWithId(db, 'feedback', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', weakRef('subscriptions.id'))
        .addColumn('feedback_type', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('rating', 'integer', notNull)
        .addColumn('meal_date', 'text')
        .addColumn('meal_type', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('priority', 'text', notNull)
        .addColumn('admin_response', 'text')
        .addColumn('responded_at', 'text')
        .addColumn('responded_by', 'integer')
        .addColumn('can_add_attachments', 'boolean', notNull)
        .$call(timestamps)
        .execute();
      // One open (open or in_progress) feedback per user.
      await index(db, 'feedback_one_open_per_user', 'feedback', ['user_id'], (builder) =>
        builder.unique().where(sql.ref('status'), 'in', sql`('open', 'in_progress')`),
      );
      await index(db, 'feedback_status_created', 'feedback', ['status', 'created_at']);

      await tableWithId(db, 'feedback_attachments', dialect)
        .addColumn('feedback_id', 'integer', (c) => ownedBy('feedback.id')(c).unique())
        .addColumn('storage_name', 'text', notNull)
        .addColumn('original_filename', 'text', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('file_size', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();

      await tableWithTextKey(db, 'webhook_events', 'event_id')
        .addColumn('event_type', 'text', notNull)
        .addColumn('received_at', 'text', notNull)
        .execute();
    },
  };
}
