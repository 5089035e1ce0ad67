// The document title of each route (what a screen reader announces and the browser tab shows).
const TITLES: Readonly<Record<string, string>> = {
  '/': 'Mess & Tiffin Subscriptions',
  '/login': 'Login',
  '/register': 'Register',
  '/otp-verification': 'Verify your phone',
  '/forgot-password': 'Forgot password',
  '/reset-password/:uidb64/:token/*': 'Set a new password',
  '/contact': 'Contact Us',
  '/dashboard': 'Dashboard',
  '/subscriptions': 'My Subscriptions',
  '/plans': 'Plans',
  '/feedback': 'Feedback',
  '/payments': 'Payment History',
  '/leaves': 'Leave Requests',
  '/notifications': 'Notifications',
  '/profile': 'Profile',
  '/admin/plans': 'Manage Plans',
  '/admin/leaves': 'Leave Requests',
  '/admin/feedback': 'All User Feedback',
  '/admin/refunds': 'Manage Refunds',
  '/admin/superuser': 'Payments & Users',
};

export function documentTitle(routePath: string | undefined): string {
  const title = routePath ? TITLES[routePath] : undefined;
  return title ? `${title} · Dabba` : 'Dabba';
}
