// The mess owner's screens (issue 6) register here, keyed by their path in machines/onboarding
// ROUTES ('/admin/plans', ...). The shell already guards these paths (owner only) and shows them
// in the owner's navigation; '/dashboard' renders `OwnerDashboard` for a mess owner when set.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type LazyPage = LazyExoticComponent<ComponentType>;

export const adminPages: Readonly<Record<string, LazyPage>> = {
  '/admin/plans': lazy(() =>
    import('./plans/ManagePlansPage').then((m) => ({ default: m.ManagePlansPage })),
  ),
  '/admin/leaves': lazy(() =>
    import('./leaves/AdminLeavesPage').then((m) => ({ default: m.AdminLeavesPage })),
  ),
  '/admin/feedback': lazy(() =>
    import('./feedback/AdminFeedbackPage').then((m) => ({ default: m.AdminFeedbackPage })),
  ),
  '/admin/refunds': lazy(() =>
    import('./refunds/ManageRefundsPage').then((m) => ({ default: m.ManageRefundsPage })),
  ),
  '/admin/superuser': lazy(() =>
    import('./superuser/SuperuserPage').then((m) => ({ default: m.SuperuserPage })),
  ),
  // The kitchen sheet (issue 6 "Beyond the spec"); its ROUTES entry and nav link are in machines/onboarding.
  '/admin/kitchen': lazy(() =>
    import('./kitchen/KitchenSheetPage').then((m) => ({ default: m.KitchenSheetPage })),
  ),
};

export const OwnerDashboard: LazyPage | null = lazy(() =>
  import('./dashboard/OwnerDashboard').then((m) => ({ default: m.OwnerDashboard })),
);
