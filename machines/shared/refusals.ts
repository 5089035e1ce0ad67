// One catalogue of the sentences the server refuses with, keyed by the contract's error_code
// (openapi.yaml, ErrorBody.error_code), or `error_code:variant` where one code is said more than one
// way (leave.not_pending when approving, rejecting, deleting). The server writes these sentences
// (in English, or Hindi from refusals.hi.ts), and the web app and `dabba` look them up by key, never
// by matching English text. Placeholders are `{name}`, filled in by refusalSentence(). A machine's
// refusal() writes English alone, so a client that shows Hindi loads refusals.hi.ts when it does
// (web/i18n/refusals.ts): the web app's pages do not carry both languages' sentences.
import type { components } from '../../generated/api';
import { dateTimeFormat, formatDayMonth } from './dates';
import { REFUSALS_HI } from './refusals.hi';

/** Every code the server answers with: a closed list in the contract. */
export type ErrorCode = components['schemas']['ErrorBody']['error_code'];

export const REFUSALS_EN = {
  // Answers any request can get
  invalid: 'Some of the values sent are not valid. Please check them and try again.',
  required: 'This field is required.',
  'required:image': 'Please choose an image to upload.',
  does_not_exist: 'The record you chose does not exist.',
  invalid_upload: 'Please choose an image to upload.',
  invalid_date_range: 'Date to must be on or after date from.',
  not_authenticated: 'Authentication credentials were not provided.',
  permission_denied: 'You do not have permission to perform this action.',
  not_found: 'Not found.',
  throttled: 'Too many requests. Please try again later.',
  too_large: 'Request body is too large.',
  parse_error: 'The request could not be read. Send JSON.',
  bad_request: 'The request could not be understood.',
  server_error: 'Internal server error.',
  storage_unavailable: "The server's storage is unavailable. Please try again later.",
  'storage_unavailable:database': 'The database is unavailable.',
  'storage_unavailable:full': "The server's storage is full. Please try again later.",

  // Accounts, sign-in and plans
  'account.conflict': 'Your account changed meanwhile. Please try again.',
  'otp.required': 'OTP Required: Please enter the OTP.',
  'otp.invalid': 'Invalid OTP. Please try again.',
  'otp.expired': 'OTP has expired or was not requested. Please request a new OTP.',
  'otp.too_many_attempts': 'Too many wrong attempts. Please request a new OTP.',
  'sign_in.phone_shared':
    'More than one account uses this phone number. Please sign in with your username and password.',
  'sign_in.unverified':
    'Your phone number is not verified yet. We have texted you a verification code: enter it to finish registering.',
  'reset.invalid_link': 'The password reset link is invalid or has expired.',
  'plan.code_taken': 'A plan with this code already exists.',
  'backup.not_sqlite':
    'This server keeps its data in PostgreSQL (DATABASE_URL), not in the embedded database: back it up with pg_dump.',
  'settings.max_dues_zero':
    'With dues allowed, enter the most a subscription may owe and still start (at least ₹1); to wait for full payment, choose full payment.',
  'settings.min_extending_above_max':
    'The shortest leave that extends the plan ({min} days) cannot be longer than the longest leave ({max} days).',
  'adjustment.key_reused':
    'This operation key was already used for another adjustment (other days or reason).',
  'webhook.not_configured': 'Webhooks are not configured.',
  'webhook.invalid_signature': 'Invalid webhook signature.',

  // Onboarding
  'onboarding.already_verified': 'This phone number is already verified.',
  'onboarding.otp_required': 'Please verify your phone number before completing your profile.',
  'onboarding.owner_profile_read_only': 'Mess owner profiles are read-only.',
  'onboarding.service_choice_required': 'Choose exactly one of tiffin service or mess service.',
  'onboarding.profile_fields_required': 'Please fill in every required profile field.',
  'onboarding.profile_type_mismatch':
    "This is not the profile of this customer's type: a student has a student profile, a regular customer an address.",
  'onboarding.account_erased':
    "This customer's account was erased; its details can no longer be changed.",

  // Subscriptions
  'subscription.deleted': 'This subscription has been deleted.',
  'subscription.not_pending_payment': 'This subscription is not awaiting payment.',
  'subscription.not_pending_payment:pay': 'Only subscriptions awaiting payment can be paid.',
  'subscription.not_pending_payment:delete': 'Only subscriptions awaiting payment can be deleted.',
  'subscription.part_paid':
    'Part of this subscription is paid, so it cannot be deleted. Pay the rest to start it, or ask the mess.',
  'subscription.not_active': 'Only active subscriptions can be changed.',
  'subscription.not_active:request_leave': 'Leave can only be requested on an active subscription.',
  'subscription.not_active:cancel': 'Only active subscriptions can be cancelled.',
  'subscription.not_active:expire': 'Only active subscriptions can expire.',
  'subscription.not_active:extend': 'Only active subscriptions can be extended.',
  'subscription.not_active:adjust': 'Only active subscriptions can have their end date adjusted.',
  'subscription.not_expired': 'Only expired subscriptions can be renewed.',
  'subscription.not_cancelled': 'A refund can only be requested for a cancelled subscription.',
  'subscription.not_ended': 'The subscription has not reached its end date yet.',
  'subscription.already_started': 'This subscription has already started.',
  'subscription.invalid_extension': 'An extension must be a whole number of days, at least one.',
  'subscription.invalid_adjustment':
    'An adjustment must be a whole number of days from -{max} to {max}, not zero.',
  'subscription.reason_required':
    'Please give a reason; the customer is told why their end date moved.',
  'subscription.end_before_today':
    'The new end date would be before today, which would end the subscription at once.',
  'subscription.shortens_paid_days':
    'A shortening can only take back days given earlier; it cannot remove paid days or approved leave.',
  'subscription.plan_inactive': 'This plan is no longer available.',
  'subscription.no_successful_payment':
    'There is no successful payment to refund for this subscription.',
  'subscription.refund_exists': 'A refund has already been requested for this subscription.',
  'subscription.profile_incomplete': 'Please complete your profile before subscribing.',
  'subscription.service_type_mismatch':
    "This plan's service type does not match the service chosen in your profile.",
  'subscription.already_subscribed':
    'You already have an active or pending subscription to this plan.',
  'subscription.too_many_pending': 'You can have at most {count} subscriptions awaiting payment.',

  // Orders and payments
  'order.already_paid': 'This order has already been paid.',
  'order.not_open': 'This order is no longer open for payment.',
  'payment.not_initiated': 'Only an initiated payment can become pending.',
  'payment.already_settled': 'This payment has already succeeded or failed.',
  'payment.not_new': 'Only a new payment can be recorded as received at the mess.',
  'payment.transaction_id_required': "A successful payment needs the provider's payment id.",
  'payment.amount_mismatch':
    'The amount must be at least ₹1 and at most what the subscription still owes.',
  'payment.amount_mismatch:due':
    'The amount must be at least ₹1 and at most {due}, what the subscription still owes.',
  'payment.reference_required':
    'A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.',
  'payment.received_in_future': 'The date received cannot be in the future.',
  'payment.received_before_subscription':
    'The date received cannot be before the subscription was created.',
  'payment.provider_unavailable': 'Failed to initiate payment.',
  'payment.order_not_open': 'This order is no longer open for payment.',
  'payment.not_settled': 'Failed to verify payment.',
  'payment.invalid_signature': 'Failed to verify payment.',
  'payment.declined': 'The payment was declined.',

  // Leaves
  'leave.deleted': 'This leave request has been deleted.',
  'leave.not_pending': 'Only pending leave requests can be changed.',
  'leave.not_pending:approve': 'Only pending leave requests can be approved.',
  'leave.not_pending:reject': 'Only pending leave requests can be rejected.',
  'leave.not_pending:delete': 'Only pending leave requests can be deleted.',
  'leave.comment_required': 'Admin comment is required.',
  'leave.subscription_not_active': 'Leave can only be requested on an active subscription.',
  'leave.subscription_not_active:approve':
    'Leave can only be approved while its subscription is active.',
  'leave.subscription_not_found': 'Subscription not found.',
  'leave.past_dates': 'Cannot request leave for past dates',
  'leave.end_before_start': 'The end date must be on or after the start date.',
  'leave.after_subscription_end': "Leave must start on or before the subscription's end date.",
  'leave.before_subscription_start':
    'This subscription starts on {day}: a leave on it can start on that day at the earliest.',
  'leave.too_long': 'A leave can last at most {count} days.',
  'leave.month_limit':
    'Leave is limited to {count} days a month: {month} would have {days} days of leave.',
  'leave.after_cutoff':
    'Leave from {day} had to be asked before {meal} was fixed, at {time} on {cutoff_day}.',
  'leave.overlaps': 'This leave overlaps another pending or approved leave.',
  'leave.pending_exists': 'You already have a pending leave request.',

  // Feedback
  'feedback.deleted': 'This feedback has been deleted.',
  'feedback.not_open': 'Only open feedback can be edited.',
  'feedback.not_open:delete': 'Only open feedback can be deleted.',
  'feedback.not_open:add_attachment': 'Attachments can only be added to feedback that is open.',
  'feedback.not_open:remove_attachment':
    'Attachments can only be removed from feedback that is open.',
  'feedback.status_required': 'Status required: Please select a status to update.',
  'feedback.response_required': 'Response required: Please write a response before submitting.',
  'feedback.attachments_disabled': 'Attachments are disabled for this feedback.',
  'feedback.attachment_exists': 'This feedback already has an attachment.',
  'feedback.no_attachment': 'This feedback has no attachment.',
  'feedback.open_exists':
    'You already have open feedback. Please wait until it is resolved before submitting more.',
  'feedback.meal_details_required': 'Meal date and meal type are required for a food complaint.',
  'feedback.meal_date_in_future': 'Meal date cannot be in the future.',
  'feedback.attachment_too_large': 'Attachment must be less than 5MB.',
  'feedback.attachment_not_image': 'Attachment must be a JPEG, PNG or WebP image.',
  'feedback.subscription_not_found': 'Subscription not found.',
  'feedback.conflict': 'This feedback changed meanwhile. Please try again.',

  // Meal skips
  'meal_skip.disabled': 'Meal skips are turned off by the mess.',
  'meal_skip.subscription_not_found': 'Subscription not found.',
  'meal_skip.subscription_not_active': 'Meals can only be skipped on an active subscription.',
  'meal_skip.outside_subscription': 'Your subscription does not cover this date.',
  'meal_skip.meal_not_in_plan': 'Your plan does not include this meal.',
  'meal_skip.on_leave': 'You are on leave that day; the meal is already off.',
  'meal_skip.closed': 'This meal can no longer be changed: its cutoff has passed.',
  'meal_skip.closed:at': '{meal} for {day} closed at {time}.',
  'meal_skip.already_skipped': 'You have already skipped this meal.',
  'meal_skip.not_skipped': 'This meal is not skipped.',
  'meal_skip.kitchen_closed': '{meal} on {day} is off: the kitchen is closed ({reason}).',

  // Closed days
  'closed_day.too_late':
    '{day} can no longer be closed: the count for {meal} was fixed at {time}. Close a later meal or date.',
  'closed_day.already_closed': 'This date and meal are already closed.',
  'closed_day.overlaps':
    'A whole day and a meal of it cannot both be closed: remove the one already closed first.',
  'closed_day.locked':
    'This closed day can no longer be removed: its first cutoff has passed and the count stands.',
  'closed_day.already_removed': 'This closed day has already been removed.',

  // Closure rules (every Sunday dinner)
  'closure_rule.starts_in_past': 'A rule cannot start before today.',
  'closure_rule.ends_before_start': 'The end date must be on or after the start date.',
  'closure_rule.no_dates': 'None of the chosen weekdays falls between the start and end dates.',
  'closure_rule.already_exists':
    'A rule already closes these meals on these weekdays from this date, for another reason.',
  'closure_rule.already_withdrawn': 'This rule has already been withdrawn.',

  // A walk-in's claim link
  'claim.invalid': 'This link to claim an account is not valid. Ask the mess for a new one.',
  'claim.used': 'This account has already been claimed. Sign in with your username and password.',
  'claim.expired': 'This link to claim your account has expired. Ask the mess for a new one.',
  'claim.expired:sign_in':
    'This account was never claimed, and the time to claim it has run out. Ask the mess to send you a new invitation.',
  'claim.otp_required': 'Please enter the OTP sent to your phone first.',
  'walk_in.start_required':
    'Only part of the price is paid ({due} still due): choose whether the subscription starts now with the rest due, or when it is paid.',
  'walk_in.address_required': "A tiffin plan is delivered: enter the customer's delivery address.",
  'walk_in.address_required:student':
    "A tiffin plan is delivered: enter the student's details with the hostel.",

  // A customer's account (dues)
  'dues.nothing_due': 'Nothing is owed on this account.',
  'dues.not_overdue': 'These dues are not overdue yet.',
  // Payment links and the counter UPI QR
  'payment_link.already_paid': 'This payment link has already been paid.',
  'payment_link.expired': 'This payment link has expired.',
  'payment_link.cancelled': 'This payment link has been cancelled.',
  'payment_link.not_open': 'This payment link can no longer be paid or cancelled.',
  'payment_link.nothing_due': 'This subscription owes nothing, so there is nothing to ask for.',
  'payment_link.amount_too_low': 'The amount must be at least ₹1.',
  'payment_link.amount_above_due':
    'The amount cannot be more than {due}, what the subscription still owes.',
  'payment_link.upi_not_configured':
    "The mess's UPI id is not set. The owner sets it under Settings, UPI.",
  'payment_link.fully_requested':
    'Links and QR codes already open for this subscription ask for all {due} it owes. Cancel one to ask again.',
  'payment_link.amount_above_unrequested':
    'Links and QR codes already open for this subscription ask for {open} of the {due} it owes, so ask for at most {available}.',
  // Advances: money paid beyond what was owed, kept for the next bill or refunded
  'advance.nothing_held': 'This customer has no advance to refund.',
  'advance.amount_above_held': 'The refund can be at most the advance held, {held}.',
  'advance.amount_too_low': 'The amount must be at least ₹1.',
  'advance.reference_required': 'Enter the UPI or bank transfer reference.',
  'advance.comment_required': 'Write a comment for the customer.',
  'cash_collection.reason_required': 'Write why this cash is rejected.',

  // Staff accounts (machines/staff)
  'staff.deactivated': 'This staff member is deactivated.',
  'staff.not_invited': 'This staff member has already joined; there is no invite to send.',
  'staff.not_deactivated': 'This staff member is not deactivated.',
  'staff.phone_taken': 'This phone number already belongs to another account.',

  // The provider's counter QR (Razorpay QR Codes)
  'counter_qr.already_paid': 'This QR code has already been paid.',
  'counter_qr.closed': 'This QR code has been closed.',
  'counter_qr.expired': 'This QR code has expired. Show a new one.',
  'counter_qr.not_open': 'This QR code can no longer be paid or closed.',
  'counter_qr.not_supported':
    "The payment provider does not make QR codes here. Show the QR of the mess's UPI id instead.",

  // Delivery routes, the run sheet's stops and the cash riders collect
  'route.name_taken': 'A route with this name already exists.',
  'route.not_a_rider': 'Riders must be delivery staff accounts.',
  'delivery_stop.moved':
    "This customer's stop is now on another route, so this mark was not saved. Refresh the run sheet.",
  'delivery_stop.not_on_run_sheet':
    'This customer is no longer on this run sheet (on leave, meal skipped, held or removed), so this mark was not saved.',
  'delivery_stop.not_your_route': 'This route is not assigned to you, so this mark was not saved.',
  'delivery_stop.already_delivered':
    'This stop is already marked delivered; it cannot be marked delivered or not delivered again.',
  'delivery_stop.not_delivered_yet':
    'Mark the stop delivered first; boxes and cash are recorded on a delivered stop.',
  'delivery_stop.reason_required':
    'Say why it was not delivered: not home, refused or wrong address.',
  'delivery_stop.amount_required': 'Enter the cash collected, at least ₹1.',
  'delivery_stop.date_outside_window':
    'Marks are saved for today and the {days} days before; this one is for {day}, so it was not saved.',
  'delivery_stop.marked_at_ahead':
    "This mark's time is more than {minutes} minutes ahead of the server's clock, so it was not saved. Set the phone's date and time to automatic, then mark again.",
  'delivery_stop.marked_before_day':
    "This mark's time is before its day ({day}) began, so it was not saved. Check the phone's date and time.",
  'cash_collection.not_pending': 'Only pending cash collections can be confirmed or rejected.',
  // Consent and WhatsApp
  'consent.already_granted': 'Consent for these messages is already recorded.',
  'consent.not_granted': 'There is no consent for these messages to withdraw.',
  'consent.recorder_required': 'Please give the name of the person who recorded the consent.',
  'consent.account_erased':
    "This customer's account was erased; there is no one to record consent for.",
  'whatsapp.verify_token_mismatch': 'The WhatsApp verify token does not match.',

  // Erasure of an account (machines/erasure)
  'erasure.already_requested':
    'You have already asked for your account to be erased. The mess will complete it soon.',
  'erasure.not_requested':
    'This erasure request is no longer waiting: it was completed or cancelled.',
  'erasure.subscription_active':
    "This customer's subscription is still running. Erase the account after it ends, or ask the customer to cancel it first (a refund of the unused days follows).",
  'erasure.subscription_pending':
    'This customer has a subscription awaiting payment. Ask the customer to delete it (on their Subscriptions page) before erasing the account.',
  'erasure.balance_open':
    'This customer still owes money or is owed money. Settle the account to ₹0 before erasing it.',
  'erasure.refund_open':
    'This customer has a refund that is not paid out yet. Pay it out or reject it before erasing the account.',
  'erasure.payment_link_open':
    'A payment link sent to this customer is still open. Cancel it before erasing the account.',
  'erasure.cash_pending':
    'A rider collected cash from this customer that is not confirmed yet. Confirm or reject it before erasing the account.',

  // Refunds
  'refund.not_pending': 'Only pending refunds can be approved.',
  'refund.not_pending:reject': 'Only pending refunds can be rejected.',
  'refund.not_approved': 'Only approved refunds can be marked as paid.',
  'refund.payout_locked': 'Payout details can be changed only while the refund is pending.',
  'refund.comment_required': 'Admin comment is required.',
  'refund.not_payable':
    'Full payout details are shown only for an approved refund, while it waits to be paid.',
  'refund.no_payout': 'The customer has not given payout details yet.',
  'refund.conflict': 'This refund changed meanwhile; please try again.',
} as const satisfies Record<ErrorCode, string> & Record<`${ErrorCode}:${string}`, string>;

/** A sentence's key in the catalogue: an error code, or a code and the variant after a colon. */
export type RefusalKey = keyof typeof REFUSALS_EN;

/** The code a key belongs to: `leave.not_pending:approve` → `leave.not_pending`. */
export type CodeOf<K extends RefusalKey> = K extends `${infer Code}:${string}` ? Code : K;

/** Values for a sentence's placeholders: `{count}` in "A leave can last at most {count} days." */
export type RefusalValues = Readonly<Record<string, string | number>>;

/** A refused rule: its code, the catalogue key of its sentence, and the sentence in English. */
export interface Refusal<K extends RefusalKey = RefusalKey> {
  readonly code: CodeOf<K>;
  readonly key: K;
  /** The English sentence, placeholders filled in: what the API writes for a client without a language. */
  readonly message: string;
  readonly values?: RefusalValues;
}

/** The languages the catalogue is written in. */
export type CatalogueLanguage = 'en' | 'hi';

const CATALOGUES: Readonly<Record<CatalogueLanguage, Readonly<Record<RefusalKey, string>>>> = {
  en: REFUSALS_EN,
  hi: REFUSALS_HI,
};

// Each meal's one word, as the web app's labels say it (format.meal.*; tests/web/plain-words.test.ts).
const MEAL_NAMES: Readonly<Record<CatalogueLanguage, Readonly<Record<string, string>>>> = {
  en: { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' },
  hi: { breakfast: 'नाश्ता', lunch: 'दोपहर का खाना', dinner: 'रात का खाना' },
};

/** A time of day (HH:MM) as `language` reads it: '9:00 am', 'सुबह 9:00 बजे'. */
function clockTime(language: CatalogueLanguage, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
  if (language === 'en') return `${clock} ${hours < 12 ? 'am' : 'pm'}`;
  const part =
    hours < 4 ? 'रात' : hours < 12 ? 'सुबह' : hours < 16 ? 'दोपहर' : hours < 20 ? 'शाम' : 'रात';
  return `${part} ${clock} बजे`;
}

/** A date without its year ('2026-11-28') as `language` reads it: '28 Nov', '28 नव॰'. */
function dayOfYear(language: CatalogueLanguage, date: string): string {
  if (language === 'en') return formatDayMonth(date);
  return dateTimeFormat(`${language}-IN`, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A calendar month ('2026-11') as `language` reads it: 'November 2026', 'नवंबर 2026'. */
function monthOfYear(language: CatalogueLanguage, month: string): string {
  return dateTimeFormat(`${language}-IN`, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * A value as `language` writes it, by its placeholder's name: `{meal}` ('lunch' → 'Lunch'),
 * `{day}` and `{…_day}` (a date: '2026-11-28' → '28 Nov'), `{month}` ('2026-11' → 'November
 * 2026'), `{time}` ('09:00' → '9:00 am'). Other values are
 * used as they are.
 */
function written(language: CatalogueLanguage, name: string, value: string | number): string {
  const text = String(value);
  if (name === 'meal') return MEAL_NAMES[language][text] ?? text;
  if ((name === 'day' || name.endsWith('_day')) && /^\d{4}-\d{2}-\d{2}$/.test(text))
    return dayOfYear(language, text);
  if (name === 'month' && /^\d{4}-\d{2}$/.test(text)) return monthOfYear(language, text);
  if (name === 'time' && /^\d{2}:\d{2}$/.test(text)) return clockTime(language, text);
  return text;
}

/**
 * `template` with its placeholders written as `language` writes them (`{meal}`, `{day}`, `{time}`
 * by the rules above): for sentences kept beside a lifecycle's rules rather than in this catalogue.
 */
export const fillSentence = (
  language: CatalogueLanguage,
  template: string,
  values: RefusalValues | undefined,
) =>
  values
    ? template.replace(/\{(\w+)\}/g, (hole, name: string) =>
        values[name] === undefined ? hole : written(language, name, values[name]),
      )
    : template;

export const isRefusalKey = (value: unknown): value is RefusalKey =>
  typeof value === 'string' && Object.hasOwn(REFUSALS_EN, value);

/** The code a key belongs to, at run time. */
export const codeOf = <K extends RefusalKey>(key: K) => key.split(':')[0] as CodeOf<K>;

/** The sentence for `key` in `language`, placeholders filled in. */
export function refusalSentence(
  language: CatalogueLanguage,
  key: RefusalKey,
  values?: RefusalValues,
): string {
  return fillSentence(language, CATALOGUES[language][key], values);
}

/** A refusal by its catalogue key: `refusal('leave.too_long', { count: 15 })`. */
export function refusal<K extends RefusalKey>(key: K, values?: RefusalValues): Refusal<K> {
  const message = fillSentence('en', REFUSALS_EN[key], values);
  return values ? { code: codeOf(key), key, message, values } : { code: codeOf(key), key, message };
}
