// Table types for Kysely. Timestamps are ISO-8601 UTC strings and dates are YYYY-MM-DD strings
// on both databases, so sorting and comparing them as text is correct everywhere.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FeedbackStatus } from '@machines/feedback';
import type { LeaveStatus } from '@machines/leave';
import type { MealSkipStatus } from '@machines/meal-skip';
import type { ClosedDayStatus } from '@machines/closed-day';
import type { ClosureRuleStatus } from '@machines/closure-rule';
import type { PaymentLinkStatus } from '@machines/payment-link';
import type { CounterQrStatus } from '@machines/counter-qr';
import type { Meal } from '@machines/settings';
import type { Diet, MenuMeal, Weekday } from '@machines/menu';
import type { UserStatus } from '@machines/onboarding';
import type { OrderStatus } from '@machines/order';
import type { PaymentStatus } from '@machines/payment';
import type { RefundStatus } from '@machines/refund';
import type { SubscriptionStatus } from '@machines/subscription';
import { STAFF_ROLES, type StaffRole, type StaffStatus } from '@machines/staff';

/** student and regular are customers; manager, kitchen and delivery the owner's staff (migration 027). */
export type UserType = 'student' | 'regular' | 'mess_owner' | StaffRole;
/** The accounts that are not customers: the owner and their staff; customer lists leave them out. */
export const BUSINESS_USER_TYPES: readonly UserType[] = ['mess_owner', ...STAFF_ROLES];
// Every status column's values are its machine's states.
export type {
  FeedbackStatus,
  LeaveStatus,
  MealSkipStatus,
  PaymentStatus,
  RefundStatus,
  SubscriptionStatus,
  UserStatus,
};
export type ServiceType = 'mess' | 'tiffin';
export type FeedbackPriority = 'urgent' | 'high' | 'medium' | 'low';
export type NotificationChannel = 'email' | 'sms';
export type NotificationStatus = 'sent' | 'failed' | 'pending';
/**
 * What took a message (migration 045): `outbox`, a file under DATA_DIR/outbox that reaches no one,
 * or the provider that sends it on.
 */
export type NotificationProviderName = 'outbox' | 'smtp' | 'twilio';
export type WhatsappProviderName = 'outbox' | 'cloud_api';
/** The languages the server writes in (migration 013; server/platform/i18n.ts). */
export type Language = 'en' | 'hi';

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
  /** What the user reads: the web app's screens, and every e-mail and SMS sent to them. */
  language: Generated<Language>;
  /**
   * Moves whenever anything the user's own reads show changes (migration 014's triggers); the
   * read cache (server/platform/read-cache.ts) holds an answer only while it stands still.
   */
  data_version: Generated<number>;
  /** What the customer eats (migration 017); the kitchen sheet counts it per meal. */
  diet: Diet | null;
  /** A GST-registered customer's GSTIN and billing address for tax invoices (migration 023). */
  billing_gstin: Generated<string | null>;
  billing_address: Generated<string | null>;
  /** When the account was erased (migration 032); its personal data is gone, it cannot sign in. */
  erased_at: Generated<string | null>;
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
  /** Null for a code asked for a phone no account waits on: never texted, matches nothing (037). */
  user_id: number | null;
  phone: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  consumed_at: string | null;
  /** What the code is for: phone verification, or signing in (migration 028). */
  purpose: ColumnType<OtpPurpose, OtpPurpose | undefined, OtpPurpose>;
}

export type OtpPurpose = 'verify' | 'sign_in';

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

export interface LoginThrottlesTable {
  /** `user:{id}` for an account, `name:{identifier}` for a name no account has. */
  key: string;
  failures: number;
  last_failure_ms: number;
  /** Epoch milliseconds before which the next attempt is refused; 0 for none. */
  blocked_until_ms: number;
}

/** The last three OTP sends asked for a phone (newest first, epoch ms, 0 for none). */
export interface OtpSendLimitsTable {
  phone: string;
  sent_ms_1: number;
  sent_ms_2: number;
  sent_ms_3: number;
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
  /** The first row of the same notice (its e-mail, when an SMS went too); null: this row is first. */
  event_id: number | null;
  /** The notice in a sentence or two, for the history; null on rows older than migration 012. */
  summary: string | null;
  /** The customer a notice to the owner is about (a leave request), emptied with them (037). */
  about_user_id: Generated<number | null>;
  /** What took the last send (045): null until one is tried, and on rows older than 045. */
  provider: Generated<NotificationProviderName | null>;
  /** The WhatsApp notice this SMS carried instead (no consent, or WhatsApp failed; 045). */
  whatsapp_message_id: Generated<number | null>;
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
  /** The owner's Hindi name and description, shown to readers of Hindi (migration 043). */
  name_hi: string | null;
  description_hi: string | null;
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
  /** The order machine's statuses (machines/order). */
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
  /** Money received at the mess (migration 006): the business date it came; null online. */
  received_on: string | null;
  /** The owner who recorded an offline payment; null online. */
  recorded_by: number | null;
  /** The tax invoice of a SUCCESS payment (migration 010); all null for a plain receipt. */
  invoice_gstin: string | null;
  invoice_place_of_supply: string | null;
  invoice_sac: string | null;
  gst_rate_basis_points: number | null;
  taxable_paise: number | null;
  cgst_paise: number | null;
  sgst_paise: number | null;
  /** The client's id for a counter recording (migration 021): a form sent twice records once. */
  request_id: string | null;
  /** The customer's GSTIN and billing address on a tax invoice, as given then (migration 023). */
  invoice_buyer_gstin: string | null;
  invoice_buyer_address: string | null;
  /** The name the invoice was issued to, kept when the account is erased (migration 032). */
  invoice_buyer_name: Generated<string | null>;
  /** The part kept as an advance, beyond what the customer owed (migration 042); 0: none. */
  advance_paise: Generated<number>;
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
  /** Where to pay it (migration 007); all null until the customer gives them. */
  payout_method: PayoutMethod | null;
  payout_upi_id: string | null;
  payout_account_holder_name: string | null;
  payout_account_number: string | null;
  payout_ifsc: string | null;
  payout_updated_at: string | null;
}

export type PayoutMethod = 'upi' | 'bank';

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

/** The bytes of one feedback photo, when ATTACHMENT_STORE=database (server/platform/attachments/database.ts). */
export interface AttachmentBlobsTable {
  /** The name feedback_attachments.storage_name holds. */
  name: string;
  content_type: string;
  size_bytes: number;
  bytes: Buffer;
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

/** One owner action; append-only (migration 005 refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_username: string;
  /** The event, e.g. leave.approve, refund.mark_paid, payment.record_offline, plan.update. */
  action: string;
  object_type: string;
  object_id: number | null;
  /** One sentence for people: what changed, in English as written (older entries: the only form). */
  summary: string;
  /** The summary as a message of the catalogues (server/locales `audit.summary.…`; migration 043). */
  summary_key: string | null;
  /** Its values, JSON (server/lifecycles/audit.ts AuditValue); null with no key or no values. */
  summary_values: string | null;
  /** The object's fields the action changed, as JSON, before and after. */
  before_json: string | null;
  after_json: string | null;
  /** The actor's user_type when they acted (migration 027); null for the server and older rows. */
  actor_role: Generated<string | null>;
  /** When an erasure wrote an erased customer's identifiers over in it (migration 033). */
  redacted_at: string | null;
}

/**
 * "Extend every active subscriber" (migration 008): one row per operation. The unique operation_key
 * makes a retried or doubled request the same batch; its subscriptions are listed when it is created.
 */
export interface AdjustmentBatchesTable {
  id: Generated<number>;
  operation_key: string;
  days: number;
  reason: string;
  /** The business date the batch was created on (and decided against). */
  business_date: string;
  actor_id: number | null;
  actor_username: string;
  /** How many ACTIVE subscriptions the batch listed. */
  target_count: number;
  created_at: string;
  /** Set once every listed subscription has been applied. */
  completed_at: string | null;
}

export type AdjustmentOutcome = 'moved' | 'skipped';

/** One owner adjustment of one subscription's end date (migration 008). */
export interface SubscriptionAdjustmentsTable {
  id: Generated<number>;
  subscription_id: number;
  /** The batch that listed it; null for a single adjustment. */
  batch_id: number | null;
  days: number;
  reason: string;
  actor_id: number | null;
  actor_username: string;
  created_at: string;
  /** null while a batch's row waits to be applied. */
  outcome: AdjustmentOutcome | null;
  /** Why a batch's row was skipped: the subscription machine's refusal code. */
  refusal_code: string | null;
  before_end_date: string | null;
  after_end_date: string | null;
  applied_at: string | null;
}

/** A counter per answer everyone gets alike, moved by triggers (migration 015). */
export interface ReadVersionsTable {
  name: string;
  version: number;
}

/** The menu's weekday pattern (migration 017): a weekday's dishes for a meal. */
export interface MenuWeekTable {
  weekday: Weekday;
  meal: MenuMeal;
  /** JSON: [{ name, name_hi, mark }] (machines/menu Dish). */
  dishes: string;
  updated_at: string;
}

/** A change for one date and meal, which wins over the weekday pattern (migration 017). */
export interface MenuDatesTable {
  date: string;
  meal: MenuMeal;
  /** JSON, as menu_week.dishes. */
  dishes: string;
  updated_at: string;
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
  login_throttles: LoginThrottlesTable;
  otp_send_limits: OtpSendLimitsTable;
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
  attachment_blobs: AttachmentBlobsTable;
  webhook_events: WebhookEventsTable;
  customer_subscription_summaries: CustomerSubscriptionSummariesTable;
  audit_log: AuditLogTable;
  adjustment_batches: AdjustmentBatchesTable;
  subscription_adjustments: SubscriptionAdjustmentsTable;
  read_versions: ReadVersionsTable;
  business_settings: BusinessSettingsTable;
  meal_skips: MealSkipsTable;
  closed_days: ClosedDaysTable;
  closed_day_meals: ClosedDayMealsTable;
  closure_rules: ClosureRulesTable;
  payment_links: PaymentLinksTable;
  counter_qr_codes: CounterQrCodesTable;
  delivery_routes: DeliveryRoutesTable;
  delivery_route_riders: DeliveryRouteRidersTable;
  delivery_stops: DeliveryStopsTable;
  delivery_marks: DeliveryMarksTable;
  cash_collections: CashCollectionsTable;
  meal_skip_credits: MealSkipCreditsTable;
  menu_week: MenuWeekTable;
  menu_dates: MenuDatesTable;
  kitchen_locks: KitchenLocksTable;
  ledger_entries: LedgerEntriesTable;
  ledger_balances: LedgerBalancesTable;
  credit_notes: CreditNotesTable;
  walk_ins: WalkInsTable;
  staff_members: StaffMembersTable;
  reminder_sends: ReminderSendsTable;
  consents: ConsentsTable;
  erasure_requests: ErasureRequestsTable;
  whatsapp_messages: WhatsappMessagesTable;
  whatsapp_tier_slots: WhatsappTierSlotsTable;
  advance_applications: AdvanceApplicationsTable;
  advance_refunds: AdvanceRefundsTable;
}

/** One reminder the scheduler claimed (migration 025); the unique key is the claim. */
export interface ReminderSendsTable {
  id: Generated<number>;
  /** dues:<user>:<due_since>:<n> or expiry:<subscription>. */
  key: string;
  user_id: number;
  kind: 'dues' | 'expiry';
  status: 'queued' | 'sent' | 'skipped';
  /** The dues reminder's number in its episode; null for expiry. */
  number: number | null;
  /** The episode of a dues reminder (the oldest unpaid charge's date); null for expiry. */
  due_since: string | null;
  subscription_id: number | null;
  payment_link_id: number | null;
  /** The business date the reminder fell due by the schedule. */
  due_on: string;
  created_at: string;
  /** When the current claimant took it; a queued row claimed long ago is retried. */
  claimed_at: string;
  sent_at: string | null;
}

/** A credit note (GST Section 34) for a paid refund of an invoiced payment (migration 023). */
export interface CreditNotesTable {
  id: Generated<number>;
  /** CN/2026-27/0001: unique, at most 16 characters. */
  number: string;
  /** 2026-27: April to March, in BUSINESS_TZ. */
  financial_year: string;
  /** Gap-free within its financial year, from 1. */
  sequence: number;
  payment_id: number;
  user_id: number;
  issued_on: string;
  amount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  gst_rate_basis_points: number;
  sac: string;
  gstin: string;
  place_of_supply: string;
  created_at: string;
  /**
   * The name the note was issued to: set when it is issued (migration 038), or when the account
   * is erased for a note issued before (migration 032).
   */
  buyer_name: Generated<string | null>;
  /** The recipient's address and state ('Uttar Pradesh (09)') as issued (migration 038). */
  buyer_address: Generated<string | null>;
  buyer_state: Generated<string | null>;
  /** What the note refunds: a refund, or an advance paid back (migration 042). */
  refund_id: number | null;
  advance_refund_id: Generated<number | null>;
}
export type CreditNote = Selectable<CreditNotesTable>;

/** An advance used for a subscription (migration 042): the ledger entries that move it name it. */
export interface AdvanceApplicationsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number;
  /** The payment the advance came with. */
  payment_id: number | null;
  amount_paise: number;
  created_at: string;
}

/** An advance paid back to the customer by the owner, in one step (migration 042). */
export interface AdvanceRefundsTable {
  id: Generated<number>;
  user_id: number;
  /** The payment the advance came with: the invoice its credit note reduces. */
  payment_id: number;
  amount_paise: number;
  method: 'cash' | 'upi' | 'bank_transfer';
  reference: string | null;
  admin_comment: string;
  refunded_on: string;
  refunded_by: number | null;
  request_id: string | null;
  created_at: string;
}
export type AdvanceRefund = Selectable<AdvanceRefundsTable>;

/** The owner's settings as JSON (machines/settings BusinessSettings); one row, id 1 (migration 016). */
export interface BusinessSettingsTable {
  id: number;
  settings: string;
  updated_at: string;
  updated_by: number | null;
}

/** One meal of one date on one subscription, skipped or put back (machines/meal-skip). */
export interface MealSkipsTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  meal_date: string;
  meal: Meal;
  status: MealSkipStatus;
  created_at: string;
  updated_at: string;
}

/** A date of a subscription whose every meal was skipped, credited a day (migration 020). */
export interface MealSkipCreditsTable {
  subscription_id: number;
  meal_date: string;
  created_at: string;
}

/** A date, or one meal of it, the kitchen is closed (machines/closed-day; migration 018). */
export interface ClosedDaysTable {
  id: Generated<number>;
  closed_date: string;
  /** null: the whole day. */
  meal: Meal | null;
  reason: string;
  status: ClosedDayStatus;
  created_at: string;
  created_by: number | null;
  created_by_username: string;
  removed_at: string | null;
  removed_by: number | null;
  removed_by_username: string | null;
  /** The batch that extends its subscriptions by a day. */
  extend_batch_id: number | null;
  /** The batch that moves those back, once it is removed. */
  reverse_batch_id: number | null;
  /** The closure rule that closed this date (migration 043); null: closed by hand. */
  rule_id: number | null;
}

/**
 * A meal a SCHEDULED closure closes (migration 036): one row per date and meal, so the database
 * refuses a second closure of a meal already closed, a whole day's or one meal's.
 */
export interface ClosedDayMealsTable {
  closed_date: string;
  meal: Meal;
  closed_day_id: number;
}

/**
 * "Every Sunday dinner": a closure repeated each week (machines/closure-rule; migration 043). Its
 * dates are closed one by one as closed days naming it (closed_days.rule_id).
 */
export interface ClosureRulesTable {
  id: Generated<number>;
  /** Weekday names, Monday first, comma-separated. */
  weekdays: string;
  /** Meals in the day's order, comma-separated; all three close the whole day. */
  meals: string;
  start_date: string;
  /** null: until withdrawn. */
  end_date: string | null;
  reason: string;
  status: ClosureRuleStatus;
  created_at: string;
  created_by: number | null;
  created_by_username: string;
  withdrawn_at: string | null;
  withdrawn_by: number | null;
  withdrawn_by_username: string | null;
}

/** A payment link sent for what a subscription owes (machines/payment-link; migration 022). */
export interface PaymentLinksTable {
  id: Generated<number>;
  /** sandbox or razorpay: the provider that issued it. */
  provider: string;
  /** The provider's id (plink_…). */
  provider_link_id: string;
  /** Ours, unique: the paid webhook names it, and the link is settled once by it. */
  reference_id: string;
  user_id: number;
  subscription_id: number;
  amount_paise: number;
  status: PaymentLinkStatus;
  short_url: string;
  /** ISO instant. */
  expire_by: string;
  /** The SUCCESS payment it became. */
  paid_payment_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * A meal's count fixed at its cutoff (migration 019): per service, per diet (JSON) and the
 * subscriptions counted (a JSON array of ids).
 */
export interface KitchenLocksTable {
  meal_date: string;
  meal: Meal;
  mess_count: number;
  tiffin_count: number;
  diets: string;
  subscription_ids: string;
  cutoff_at: string;
  locked_at: string;
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
export type Plan = Selectable<PlansTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Payment = Selectable<PaymentsTable>;
export type PaymentOrder = Selectable<PaymentOrdersTable>;
export type Refund = Selectable<RefundsTable>;
export type Leave = Selectable<LeavesTable>;
export type Feedback = Selectable<FeedbackTable>;
export type FeedbackAttachment = Selectable<FeedbackAttachmentsTable>;
export type NotificationLog = Selectable<NotificationLogsTable>;
export type AuditEntry = Selectable<AuditLogTable>;

export type MealSkip = Selectable<MealSkipsTable>;
export type ClosedDay = Selectable<ClosedDaysTable>;
export type ClosureRule = Selectable<ClosureRulesTable>;

/** What an entry of the ledger records (migration 021). */
export type LedgerKind = 'charge' | 'payment' | 'credit' | 'refund';

/** One charge, payment, credit or refund of a customer; signed, so the balance is the sum. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  kind: LedgerKind;
  amount_paise: number;
  /** What posted it ('subscription', 'payment', 'refund'); one entry per source and kind. */
  source_type: string;
  source_id: number;
  /** The business date it happened. */
  occurred_on: string;
  description: string;
  created_at: string;
  created_by: number | null;
}

/** A customer's balance (the sum of their entries) and since when they owe, kept with each entry. */
export interface LedgerBalancesTable {
  user_id: number;
  balance_paise: number;
  due_since: string | null;
  updated_at: string;
  /** The customer's search text, lower-cased, kept by triggers from users (migration 029). */
  search_text: Generated<string>;
}

/** A counter QR code for what a subscription owes (machines/counter-qr; migration 026). */
export interface CounterQrCodesTable {
  id: Generated<number>;
  /** sandbox or razorpay: the provider that issued it. */
  provider: string;
  /** The provider's id (qr_…): the credited webhook names it, and the QR is settled once by it. */
  provider_qr_id: string;
  user_id: number;
  subscription_id: number;
  amount_paise: number;
  status: CounterQrStatus;
  /** The UPI request it encodes (the provider's image_content), when the provider sends it. */
  upi_uri: string | null;
  /** Where the provider draws it (image_url). */
  image_url: string | null;
  /** ISO instant: when it closes by itself. */
  close_by: string;
  /** The SUCCESS payment it became. */
  paid_payment_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A delivery route (migration 030): its areas in riding order and the saved stop order (JSON). */
export interface DeliveryRoutesTable {
  id: Generated<number>;
  name: string;
  /** JSON array of area names, in riding order. */
  areas: string;
  /** JSON array of customer (user) ids: the saved order of the stops. */
  stop_order: string;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRouteRidersTable {
  route_id: number;
  rider_id: number;
}

/** A run sheet's stop state (machines/delivery-stop), per date, meal and customer. */
export interface DeliveryStopsTable {
  date: string;
  meal: 'breakfast' | 'lunch' | 'dinner';
  user_id: number;
  route_id: number | null;
  state: 'pending' | 'delivered' | 'not_delivered';
  reason: string | null;
  updated_at: string;
  /** Bumped by every mark that writes the stop; a new row is 1 (migration 034). */
  version: Generated<number>;
}

/** A rider's mark, keyed by the id the phone made: stored once whatever the retries. */
export interface DeliveryMarksTable {
  id: string;
  route_id: number | null;
  date: string;
  meal: 'breakfast' | 'lunch' | 'dinner';
  user_id: number;
  subscription_id: number;
  event: 'delivered' | 'not_delivered' | 'box_returned' | 'cash_collected';
  reason: string | null;
  amount_paise: number | null;
  /** The phone's time of the mark (ISO). */
  marked_at: string;
  marked_by: number | null;
  received_at: string;
}

/** Cash a rider collected: pending until the owner confirms it (a counter payment) or rejects it. */
export interface CashCollectionsTable {
  id: Generated<number>;
  mark_id: string;
  user_id: number;
  subscription_id: number;
  route_id: number | null;
  date: string;
  meal: 'breakfast' | 'lunch' | 'dinner';
  amount_paise: number;
  status: 'pending' | 'confirmed' | 'rejected';
  collected_by: number | null;
  collected_at: string;
  payment_id: number | null;
  reject_reason: string | null;
  decided_by: number | null;
  decided_at: string | null;
}

/** A customer enrolled at the counter and their one-time claim link (migration 024). */
export interface WalkInsTable {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  payment_id: number | null;
  /** The counter form's id: sent twice, enrolled once. */
  request_id: string | null;
  /** SHA-256 of the link's token; the token itself is only ever in the SMS. */
  claim_token_hash: string;
  expires_at: string;
  /** When the right OTP was entered on the claim page. */
  verified_at: string | null;
  /** When the customer set their password: the link is spent. */
  claimed_at: string | null;
  created_by: number | null;
  created_at: string;
}

export type WalkIn = Selectable<WalkInsTable>;

/** A staff account's lifecycle facts and its invite link (migration 027; machines/staff). */
export interface StaffMembersTable {
  user_id: number;
  role: StaffRole;
  status: StaffStatus;
  invited_at: string;
  /** When the invite was claimed; null: never (a reactivation goes back to the invite). */
  joined_at: string | null;
  deactivated_at: string | null;
  invited_by: number | null;
  /** SHA-256 of the invite link's token; the token itself is only ever in the SMS. */
  invite_token_hash: string | null;
  invite_expires_at: string | null;
  /** When the right OTP was entered on the claim page for the current invite. */
  invite_verified_at: string | null;
}

export type StaffMemberRow = Selectable<StaffMembersTable>;
export type ConsentChannel = 'sms' | 'email' | 'whatsapp';
export type ConsentPurpose = 'service' | 'promotions';
export type ConsentGrantMethod =
  'registration_checkbox' | 'reply_start' | 'owner_recorded' | 'profile';
export type ConsentWithdrawMethod = 'reply_stop' | 'profile' | 'owner';
export type ErasureStatus = 'requested' | 'completed' | 'cancelled';

/** A customer's request to erase their account (migration 032, machines/erasure). */
export interface ErasureRequestsTable {
  id: Generated<number>;
  user_id: number;
  status: ErasureStatus;
  requested_at: string;
  cancelled_at: string | null;
  completed_at: string | null;
  completed_by: number | null;
}
export type ErasureRequestRow = Selectable<ErasureRequestsTable>;

/** One grant of consent to a channel and purpose, closed by its withdrawal (migration 031). */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  granted_at: string;
  grant_method: ConsentGrantMethod;
  /** For spoken consent the owner records: the name of the person who recorded it. */
  recorded_by: string | null;
  recorded_by_id: number | null;
  /** The privacy notice's version the customer was shown. */
  notice_version: string;
  withdrawn_at: string | null;
  withdraw_method: ConsentWithdrawMethod | null;
}

export type WhatsappMessageStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'sms';

/** One WhatsApp notice: the send queue's row and its delivery status (migration 031). */
export interface WhatsappMessagesTable {
  id: Generated<number>;
  notice_key: string;
  user_id: number | null;
  notification_type: string;
  to_phone: string;
  template: string;
  language: string;
  /** JSON array of the body's parameters, in placeholder order. */
  parameters: string;
  status: WhatsappMessageStatus;
  wamid: string | null;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  fallback_subject: string;
  fallback_summary: string;
  fallback_sms: string;
  /** Why the notice went by SMS instead (no_consent, failed): null while it is WhatsApp's. */
  fallback_reason: string | null;
  fallback_at: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
  /** What took it (045): the Cloud API, or the outbox file; null until sent. */
  provider: Generated<WhatsappProviderName | null>;
}

/** One unique recipient the tier allows per 24 hours; taken_at older than 24 h frees it. */
export interface WhatsappTierSlotsTable {
  slot: number;
  to_phone: string | null;
  taken_at: string;
}
