// Every operation's handler, by operationId, and every scheduled job: the one file that knows every
// folder's handlers (lint keeps handlers from importing another folder's).
import type { AppContext } from './context.js';
import type { Handlers } from './http.js';
import { feedbackAdminHandlers } from './lifecycles/feedback/feedback-admin.handlers.js';
import { feedbackHandlers } from './lifecycles/feedback/feedback.handlers.js';
import { leaveHandlers } from './lifecycles/leave/leave.handlers.js';
import { onboardingHandlers } from './lifecycles/onboarding/onboarding.handlers.js';
import { onboardingJobs } from './lifecycles/onboarding/onboarding.jobs.js';
import { paymentAdminHandlers } from './lifecycles/payment/payment-admin.handlers.js';
import { paymentWebhookHandlers } from './lifecycles/payment/payment-webhook.handlers.js';
import { paymentHandlers } from './lifecycles/payment/payment.handlers.js';
import { billingHandlers } from './lifecycles/payment/billing.handlers.js';
import { paymentJobs } from './lifecycles/payment/payment.jobs.js';
import { refundHandlers } from './lifecycles/refund/refund.handlers.js';
import { creditNoteHandlers } from './lifecycles/refund/credit-notes.handlers.js';
import { adjustmentHandlers } from './lifecycles/subscription/adjustment.handlers.js';
import { subscriptionHandlers } from './lifecycles/subscription/subscription.handlers.js';
import { subscriptionJobs } from './lifecycles/subscription/subscription.jobs.js';
import { activeSubscriberHandlers } from './owner/active-subscribers/active-subscribers.handlers.js';
import { auditHandlers } from './owner/audit/audit.handlers.js';
import { backupHandlers } from './owner/backup/backup.handlers.js';
import { ownerHomeHandlers } from './owner/home/home.handlers.js';
import { reportHandlers } from './owner/reports/reports.handlers.js';
import { kitchenHandlers } from './lifecycles/kitchen/kitchen.handlers.js';
import { kitchenJobs } from './lifecycles/kitchen/kitchen.jobs.js';
import { ledgerJobs } from './lifecycles/dues/dues.jobs.js';
import { ownerUserHandlers } from './owner/users/users.handlers.js';
import { careJobs } from './owner/users/users.jobs.js';
import { passwordHandlers } from './resources/auth/password.handlers.js';
import { sessionHandlers } from './resources/auth/session.handlers.js';
import { phoneLoginHandlers } from './resources/auth/phone-login.handlers.js';
import { menuHandlers } from './resources/menu/menu.handlers.js';
import { metaHandlers } from './resources/meta/meta.handlers.js';
import { notificationHandlers } from './resources/notifications/notification.handlers.js';
import { planHandlers } from './resources/plans/plan.handlers.js';
import { settingsHandlers } from './resources/settings/settings.handlers.js';
import { mealSkipHandlers } from './lifecycles/meal-skip/meal-skip.handlers.js';
import { closedDayHandlers } from './lifecycles/closed-day/closed-day.handlers.js';
import { closureRuleHandlers } from './lifecycles/closure-rule/closure-rule.handlers.js';
import { closureRuleJobs } from './lifecycles/closure-rule/closure-rule.jobs.js';
import { walkInHandlers } from './lifecycles/walk-in/walk-in.handlers.js';
import { staffHandlers } from './lifecycles/staff/staff.handlers.js';
import { ledgerHandlers } from './lifecycles/dues/dues.handlers.js';
import { paymentLinkHandlers } from './lifecycles/payment-link/payment-link.handlers.js';
import { counterQrHandlers } from './lifecycles/counter-qr/counter-qr.handlers.js';
import { reminderHandlers } from './lifecycles/reminder/reminder.handlers.js';
import { reminderJobs } from './lifecycles/reminder/reminder.jobs.js';
import { deliveryHandlers } from './lifecycles/delivery-stop/delivery-stop.handlers.js';
import { consentHandlers } from './lifecycles/consent/consent.handlers.js';
import { erasureHandlers } from './lifecycles/erasure/erasure.handlers.js';
import { whatsappHandlers } from './resources/whatsapp/whatsapp.handlers.js';
import { whatsappMessageHandlers } from './resources/whatsapp/messages.handlers.js';
import { whatsappJobs } from './services/whatsapp/queue.js';
import { foundationJobs, type Job } from './services/scheduler.js';
import { otpJobs } from './resources/auth/otp.js';

export function routeHandlers(ctx: AppContext): Handlers {
  return {
    // Resources without a lifecycle.
    ...metaHandlers(ctx),
    ...sessionHandlers(ctx),
    ...phoneLoginHandlers(ctx),
    ...passwordHandlers(ctx),
    ...notificationHandlers(ctx),
    ...planHandlers(ctx),
    ...settingsHandlers(ctx),
    ...menuHandlers(ctx),
    // The lifecycles.
    ...onboardingHandlers(ctx),
    ...subscriptionHandlers(ctx),
    ...adjustmentHandlers(ctx),
    ...paymentHandlers(ctx),
    ...billingHandlers(ctx),
    ...paymentWebhookHandlers(ctx),
    ...paymentAdminHandlers(ctx),
    ...leaveHandlers(ctx),
    ...refundHandlers(ctx),
    ...creditNoteHandlers(ctx),
    ...feedbackHandlers(ctx),
    ...feedbackAdminHandlers(ctx),
    ...mealSkipHandlers(ctx),
    ...closedDayHandlers(ctx),
    ...closureRuleHandlers(ctx),
    ...ledgerHandlers(ctx),
    ...paymentLinkHandlers(ctx),
    ...counterQrHandlers(ctx),
    ...reminderHandlers(ctx),
    ...walkInHandlers(ctx),
    ...staffHandlers(ctx),
    ...deliveryHandlers(ctx),
    ...consentHandlers(ctx),
    ...erasureHandlers(ctx),
    ...whatsappHandlers(ctx),
    ...whatsappMessageHandlers(ctx),
    // The owner's views.
    ...ownerHomeHandlers(ctx),
    ...reportHandlers(ctx),
    ...ownerUserHandlers(ctx),
    ...activeSubscriberHandlers(ctx),
    ...kitchenHandlers(ctx),
    ...auditHandlers(ctx),
    ...backupHandlers(ctx),
  };
}

/** In the order each scheduler tick runs them. */
export const allJobs: Job[] = [
  ...foundationJobs,
  ...otpJobs,
  ...onboardingJobs,
  ...subscriptionJobs,
  ...reminderJobs,
  ...whatsappJobs,
  ...paymentJobs,
  ...careJobs,
  // Before the kitchen's lock: a rule's date is closed long before its cutoff anyway.
  ...closureRuleJobs,
  ...kitchenJobs,
  // After the kitchen's lock: told once their meals are off the counts.
  ...ledgerJobs,
];
