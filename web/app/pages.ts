// Which page renders each path of the route table (machines/onboarding ROUTES); one chunk per page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { adminPages } from '../pages/admin';

export type LazyPage = LazyExoticComponent<ComponentType>;

export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/': lazy(() => import('../pages/landing/LandingPage').then((m) => ({ default: m.LandingPage }))),
  '/login': lazy(() => import('../pages/login/LoginPage').then((m) => ({ default: m.LoginPage }))),
  '/register': lazy(() =>
    import('../pages/register/RegisterPage').then((m) => ({ default: m.RegisterPage })),
  ),
  '/otp-verification': lazy(() =>
    import('../pages/otp-verification/OtpVerificationPage').then((m) => ({
      default: m.OtpVerificationPage,
    })),
  ),
  '/forgot-password': lazy(() =>
    import('../pages/forgot-password/ForgotPasswordPage').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  ),
  '/reset-password/:uidb64/:token/*': lazy(() =>
    import('../pages/reset-password/ResetPasswordPage').then((m) => ({
      default: m.ResetPasswordPage,
    })),
  ),
  '/contact': lazy(() =>
    import('../pages/contact/ContactPage').then((m) => ({ default: m.ContactPage })),
  ),
  '/dashboard': lazy(() =>
    import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  ),
  '/subscriptions': lazy(() =>
    import('../pages/subscriptions/SubscriptionsPage').then((m) => ({
      default: m.SubscriptionsPage,
    })),
  ),
  '/plans': lazy(() => import('../pages/plans/PlansPage').then((m) => ({ default: m.PlansPage }))),
  '/feedback': lazy(() =>
    import('../pages/feedback/FeedbackPage').then((m) => ({ default: m.FeedbackPage })),
  ),
  '/payments': lazy(() =>
    import('../pages/payments/PaymentsPage').then((m) => ({ default: m.PaymentsPage })),
  ),
  '/leaves': lazy(() =>
    import('../pages/leaves/LeavesPage').then((m) => ({ default: m.LeavesPage })),
  ),
  '/notifications': lazy(() =>
    import('../pages/notifications/NotificationsPage').then((m) => ({
      default: m.NotificationsPage,
    })),
  ),
  '/profile': lazy(() =>
    import('../pages/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  ...adminPages,
};
