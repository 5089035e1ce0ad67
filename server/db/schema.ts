// Table types for Kysely. Timestamps are ISO-8601 UTC strings and dates are YYYY-MM-DD strings
// on both databases, so sorting and comparing them as text is correct everywhere.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type UserType = 'student' | 'regular' | 'mess_owner';
export type UserStatus = 'unverified' | 'registration_complete' | 'profile_complete';
export type ServiceType = 'mess' | 'tiffin';
export type SubscriptionStatus = 'PENDING_PAYMENT' | 'ACTIVE' | 'EXPIRED' | 'CANCELLED';
export type PaymentStatus = 'INITIATED' | 'PENDING' | 'SUCCESS' | 'FAILED';
export type OrderStatus = 'created' | 'paid' | 'failed' | 'expired';
export type RefundStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAID';
export type LeaveStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type FeedbackStatus = 'open' | 'in_progress' | 'resolved' | 'closed';
export type FeedbackPriority = 'urgent' | 'high' | 'medium' | 'low';
export type NotificationChannel = 'email' | 'sms';
export type NotificationStatus = 'sent' | 'failed' | 'pending';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  phone: string;
  password_hash: string;
  user_type: UserType;
  first_name: string;
  last_name: string;
  status: UserStatus;
  is_active: boolean;
  phone_verified: boolean;
  last_login: string | null;
  is_tiffin_user: boolean;
  is_mess_user: boolean;
  preferred_delivery_time: string;
  date_joined: string;
  updated_at: string;
}

export interface StudentProfilesTable {
  user_id: number;
  institute: string;
  student_id: string;
  hostel: string;
  year: string;
  course: string;
}

export interface RegularProfilesTable {
  user_id: number;
  address: string;
  landmark: string;
  pincode: string;
  city: string;
}

export interface MessOwnerProfilesTable {
  user_id: number;
  mess_name: string;
  business_address: string;
  business_phone: string;
  business_email: string;
  gst_number: string | null;
}

/** A login session: one refresh-token family. Access tokens name it, so revoking it ends them too. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  jti: string;
  session_id: string;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface NotificationLogsTable {
  id: Generated<number>;
  user_id: number | null;
  subject: string;
  notification_type: string;
  channel: NotificationChannel;
  status: NotificationStatus;
  recipient_email: string | null;
  recipient_phone: string | null;
  /** Kept for retries; null for messages that must not be stored (OTP codes). */
  body: string | null;
  html: string | null;
  error_message: string | null;
  attempts: number;
  dedupe_key: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface JobRunsTable {
  job: string;
  run_key: string;
  started_at: string;
  finished_at: string | null;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface PlansTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  is_active: boolean;
  service_type: ServiceType;
  duration_days: number;
  base_price_paise: number;
  /** Comma-separated subset of breakfast,lunch,dinner, in that order. */
  included_meals: string;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  subscription_type: ServiceType;
  status: SubscriptionStatus;
  breakfast_included: boolean;
  total_paid_paise: number;
  start_date: string | null;
  base_end_date: string | null;
  adjusted_end_date: string | null;
  leave_days: number;
  cancelled_at: string | null;
  renewed_from_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  order_id: string;
  subscription_id: number;
  user_id: number;
  amount_paise: number;
  currency: string;
  status: OrderStatus;
  provider: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number;
  payment_order_id: number | null;
  status: PaymentStatus;
  amount_paise: number;
  currency: string;
  transaction_id: string | null;
  payment_gateway: string;
  payment_mode: string | null;
  failure_reason: string | null;
  utr: string | null;
  admin_comment: string | null;
  receipt_number: number | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefundsTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  payment_id: number;
  amount_paise: number;
  status: RefundStatus;
  requested_at: string;
  requested_by: number;
  processed_at: string | null;
  paid_at: string | null;
  admin_comment: string | null;
  utr: string | null;
  updated_at: string;
}

export interface LeavesTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number;
  leave_start_date: string;
  leave_end_date: string;
  reason: string;
  status: LeaveStatus;
  duration_days: number;
  requested_at: string;
  approved_at: string | null;
  rejected_at: string | null;
  admin_comment: string | null;
  decided_by: number | null;
  updated_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  feedback_type: 'general_feedback' | 'food_complaint';
  subject: string;
  message: string;
  rating: number;
  meal_date: string | null;
  meal_type: 'breakfast' | 'lunch' | 'dinner' | null;
  status: FeedbackStatus;
  priority: FeedbackPriority;
  admin_response: string | null;
  responded_at: string | null;
  responded_by: number | null;
  can_add_attachments: boolean;
  created_at: string;
  updated_at: string;
  /** When the feedback was last set to resolved (migration 002); optional on insert. */
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FeedbackAttachmentsTable {
  id: Generated<number>;
  feedback_id: number;
  storage_name: string;
  original_filename: string;
  content_type: string;
  file_size: number;
  created_at: string;
}

/**
 * One row per customer with subscriptions, kept current by triggers on subscriptions (migration
 * 002). Read-only for application code; compare the dates with today to know what is active.
 */
export interface CustomerSubscriptionSummariesTable {
  user_id: number;
  /** Status of the newest subscription (max id). */
  latest_status: SubscriptionStatus | null;
  /** The latest adjusted_end_date among ACTIVE subscriptions. */
  active_end: string | null;
  /** adjusted_end_date of the newest ACTIVE or EXPIRED subscription. */
  ended_end: string | null;
}

export interface WebhookEventsTable {
  event_id: string;
  event_type: string;
  received_at: string;
}

export interface Database {
  users: UsersTable;
  student_profiles: StudentProfilesTable;
  regular_profiles: RegularProfilesTable;
  mess_owner_profiles: MessOwnerProfilesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  notification_logs: NotificationLogsTable;
  job_runs: JobRunsTable;
  counters: CountersTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  leaves: LeavesTable;
  feedback: FeedbackTable;
  feedback_attachments: FeedbackAttachmentsTable;
  webhook_events: WebhookEventsTable;
  customer_subscription_summaries: CustomerSubscriptionSummariesTable;
}

/** Every boolean column name, so SQLite's 1/0 can be read back as booleans. */
export const BOOLEAN_COLUMNS = new Set([
  'is_active',
  'phone_verified',
  'is_tiffin_user',
  'is_mess_user',
  'breakfast_included',
  'can_add_attachments',
]);

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Plan = Selectable<PlansTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Payment = Selectable<PaymentsTable>;
export type PaymentOrder = Selectable<PaymentOrdersTable>;
export type Refund = Selectable<RefundsTable>;
export type Leave = Selectable<LeavesTable>;
export type Feedback = Selectable<FeedbackTable>;
export type FeedbackAttachment = Selectable<FeedbackAttachmentsTable>;
export type NotificationLog = Selectable<NotificationLogsTable>;
