// The signed-in and owner screens' loaders, in a chunk of their own that the first signed-in page
// loads (web/app/routes.ts signedInPage): the landing page's JavaScript names none of their files,
// so a new screen costs a visitor's first paint nothing.
import {
  createElement,
  Fragment,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { loadedServerState } from '@web/session/serverState';

// Its code and words load only when there is an offer.
const LanguageOffer = lazy(() =>
  import('@web/features/onboarding').then((m) => ({ default: m.LanguageOffer })),
);
const NONE = () => null;
const IGNORE = () => () => {};

export const SIGNED_IN_PAGES = {
  dashboard: () => import('@web/pages/dashboard/DashboardPage').then((m) => m.DashboardPage),
  'admin/dashboard': () =>
    import('@web/pages/admin/dashboard/OwnerDashboard').then((m) => m.OwnerDashboard),
  menu: () => import('@web/pages/menu/MenuPage').then((m) => m.MenuPage),
  'pay-link': () => import('@web/pages/pay-link/PayLinkPage').then((m) => m.PayLinkPage),
  subscriptions: () =>
    import('@web/pages/subscriptions/SubscriptionsPage').then((m) => m.SubscriptionsPage),
  plans: () => import('@web/pages/plans/PlansPage').then((m) => m.PlansPage),
  feedback: () => import('@web/pages/feedback/FeedbackPage').then((m) => m.FeedbackPage),
  payments: () => import('@web/pages/payments/PaymentsPage').then((m) => m.PaymentsPage),
  leaves: () => import('@web/pages/leaves/LeavesPage').then((m) => m.LeavesPage),
  notifications: () =>
    import('@web/pages/notifications/NotificationsPage').then((m) => m.NotificationsPage),
  'admin/plans': () =>
    import('@web/pages/admin/plans/ManagePlansPage').then((m) => m.ManagePlansPage),
  'admin/feedback': () =>
    import('@web/pages/admin/feedback/AdminFeedbackPage').then((m) => m.AdminFeedbackPage),
  'admin/leaves': () =>
    import('@web/pages/admin/leaves/AdminLeavesPage').then((m) => m.AdminLeavesPage),
  'admin/refunds': () =>
    import('@web/pages/admin/refunds/ManageRefundsPage').then((m) => m.ManageRefundsPage),
  'admin/superuser': () =>
    import('@web/pages/admin/superuser/SuperuserPage').then((m) => m.SuperuserPage),
  'admin/kitchen': () =>
    import('@web/pages/admin/kitchen/KitchenSheetPage').then((m) => m.KitchenSheetPage),
  'admin/menu': () => import('@web/pages/admin/menu/MenuEditorPage').then((m) => m.MenuEditorPage),
  'admin/customers': () =>
    import('@web/pages/admin/customers/CustomerPage').then((m) => m.CustomerPage),
  'admin/settings': () =>
    import('@web/pages/admin/settings/SettingsPage').then((m) => m.SettingsPage),
  'admin/closed-days': () =>
    import('@web/pages/admin/closed-days/ClosedDaysPage').then((m) => m.ClosedDaysPage),
  'admin/dues': () => import('@web/pages/admin/dues/DuesPage').then((m) => m.DuesPage),
  'admin/reports': () => import('@web/pages/admin/reports/ReportsPage').then((m) => m.ReportsPage),
  'admin/messages': () =>
    import('@web/pages/admin/messages/MessagesPage').then((m) => m.MessagesPage),
  'admin/audit': () => import('@web/pages/admin/audit/AuditLogPage').then((m) => m.AuditLogPage),
  'admin/staff': () => import('@web/pages/admin/staff/StaffPage').then((m) => m.StaffPage),
  'admin/deliveries': () =>
    import('@web/pages/admin/deliveries/DeliveriesPage').then((m) => m.DeliveriesPage),
  profile: () => import('@web/pages/profile/ProfilePage').then((m) => m.ProfilePage),
  'profile/privacy': () =>
    import('@web/pages/privacy/PrivacySettingsPage').then((m) => m.PrivacySettingsPage),
  'admin/erasure': () =>
    import('@web/pages/admin/erasure/ErasureRequestsPage').then((m) => m.ErasureRequestsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

/** A signed-in screen, named by its folder under web/pages/. */
export type SignedInPage = keyof typeof SIGNED_IN_PAGES;

/**
 * A signed-in screen under the offer of the language shown before signing in, when a sign-in
 * switched to the account's (web/session/serverStateModule.tsx followLanguage): whichever screen
 * comes first, until the person chooses or closes it.
 */
export function withLanguageOffer(Page: ComponentType): ComponentType {
  function WithLanguageOffer() {
    // A signed-in screen loads with the server state: it is there.
    const state = loadedServerState();
    const offer = useSyncExternalStore(
      state ? state.onLanguageOffer : IGNORE,
      state ? state.languageOffer : NONE,
    );
    return createElement(
      Fragment,
      null,
      offer ? createElement(Suspense, null, createElement(LanguageOffer, { offer })) : null,
      createElement(Page),
    );
  }
  return WithLanguageOffer;
}
