// What each role may see (issue 22): machines/staff mayCall over the contract's x-roles
// (generated/roles.ts), the route guards (machines/onboarding decideRoute) over the web app's
// route table, and the navigation each role is given.
import { beforeAll, describe, expect, it } from 'vitest';
import { decideRoute, type RouteEntry, type RouteUser } from '@machines';
import {
  accessRoleOf,
  homePathOf,
  isBusinessSide,
  mayCall,
  roleMayOpen,
  type AccountType,
  type OperationId,
} from '@machines/staff';
import { OPERATION_ROLES } from '@generated/roles';
import { APP_ROUTES, audienceOf, navigationLinks } from '../../web/app/routes';
import { headerNavigation } from '../../web/app/headerNavigation';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';

beforeAll(async () => {
  i18n.activate('en');
  setMessageLoaders(() => import('virtual:messages/loaders'));
  await loadAppMessages();
});

const user = (userType: AccountType): RouteUser => ({
  status: 'profile_complete',
  userType,
  phone: '+919876500000',
});
/** The web app's mayOpen for `userType` (SessionProvider hands the guards and links the same). */
const mayOpenFor = (userType: AccountType) => (route: RouteEntry) => roleMayOpen(route, userType);
const decide = (userType: AccountType, pathname: string) =>
  decideRoute(APP_ROUTES, {
    loading: false,
    user: user(userType),
    pathname,
    mayOpen: mayOpenFor(userType),
  });
const paths = (userType: AccountType) =>
  navigationLinks(audienceOf(userType), { userType, mayOpen: mayOpenFor(userType) }).map(
    (link) => link.to,
  );

describe('mayCall, over the contract', () => {
  it('reads each role from x-roles: customers are students and regulars', () => {
    expect(accessRoleOf('student')).toBe('customer');
    expect(accessRoleOf('regular')).toBe('customer');
    expect(accessRoleOf('kitchen')).toBe('kitchen');
    expect(mayCall('student', 'createLeave')).toBe(true);
    expect(mayCall('mess_owner', 'createLeave')).toBe(false);
    expect(mayCall('manager', 'createLeave')).toBe(false);
  });

  it("keeps payouts, settings edits, plan prices, staff, the audit log, backups and GST the owner's", () => {
    const ownerOnly: OperationId[] = [
      'approveRefund',
      'rejectRefund',
      'markRefundPaid',
      'getRefundPayout',
      'ownerUpdateSettings',
      'createPlan',
      'updatePlan',
      'deletePlan',
      'ownerListStaff',
      'ownerAddStaff',
      'listAuditLog',
      'ownerDatabaseBackup',
      'ownerGstReport',
    ];
    for (const operation of ownerOnly) {
      expect(mayCall('mess_owner', operation), operation).toBe(true);
      expect(mayCall('manager', operation), operation).toBe(false);
      expect(mayCall('kitchen', operation), operation).toBe(false);
      expect(mayCall('delivery', operation), operation).toBe(false);
    }
  });

  it("lets a manager run the day, and a kitchen account only the kitchen's work", () => {
    for (const operation of [
      'pendingLeaves',
      'approveLeave',
      'pendingRefunds',
      'adminRecordOfflinePayment',
      'ownerListUsers',
      'ownerKitchenSheet',
      'ownerGetSettings',
      'ownerCloseDay',
    ] as const) {
      expect(mayCall('manager', operation), operation).toBe(true);
    }
    const kitchen = (Object.keys(OPERATION_ROLES) as OperationId[]).filter(
      (operation) => OPERATION_ROLES[operation] !== null && mayCall('kitchen', operation),
    );
    expect(kitchen.sort()).toEqual([
      'clearMenuDate',
      'getPolicies',
      'ownerKitchenSheet',
      'ownerListClosedDays',
      'ownerListClosureRules',
      'setMenuDate',
      'setMenuWeek',
      'setMenuWeekday',
    ]);
  });

  it('lets nobody signed out call what names a role, and anyone what names none', () => {
    expect(mayCall(null, 'ownerSummary')).toBe(false);
    expect(mayCall(null, 'getProfile')).toBe(true);
    expect(mayCall('delivery', 'changePassword')).toBe(true);
  });

  it('puts each account on its own side, starting where its role works', () => {
    expect(isBusinessSide('mess_owner')).toBe(true);
    expect(isBusinessSide('delivery')).toBe(true);
    expect(isBusinessSide('regular')).toBe(false);
    expect(homePathOf('manager')).toBe('/dashboard');
    expect(homePathOf('kitchen')).toBe('/admin/kitchen');
    expect(homePathOf('delivery')).toBe('/admin/deliveries');
    expect(homePathOf('student')).toBe('/dashboard');
  });
});

describe('the route guards for staff', () => {
  it("sends staff from a customer's pages to their own start", () => {
    expect(decide('kitchen', '/dashboard')).toEqual({ kind: 'redirect', to: '/admin/kitchen' });
    expect(decide('delivery', '/dashboard')).toEqual({
      kind: 'redirect',
      to: '/admin/deliveries',
    });
    expect(decide('manager', '/dashboard')).toEqual({ kind: 'allow' });
    expect(decide('manager', '/subscriptions')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('kitchen', '/leaves')).toEqual({ kind: 'redirect', to: '/admin/kitchen' });
    // Their own account (the password) is theirs to open.
    expect(decide('kitchen', '/profile')).toEqual({ kind: 'allow' });
    // Signing in lands on /dashboard first, which then moves a kitchen account on.
    expect(
      decideRoute(APP_ROUTES, {
        loading: false,
        user: user('kitchen'),
        pathname: '/login',
        mayOpen: mayOpenFor('kitchen'),
      }),
    ).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it("shows 'not allowed for your role' on a business page the role may not use", () => {
    for (const path of ['/admin/staff', '/admin/audit', '/admin/erasure-requests']) {
      expect(decide('manager', path), path).toEqual({ kind: 'notForRole' });
    }
    for (const path of ['/admin/leaves', '/admin/refunds', '/admin/settings', '/admin/plans']) {
      expect(decide('manager', path), path).toEqual({ kind: 'allow' });
    }
    for (const path of ['/admin/kitchen', '/admin/menu', '/admin/closed-days']) {
      expect(decide('kitchen', path), path).toEqual({ kind: 'allow' });
    }
    for (const path of [
      '/admin/leaves',
      '/admin/superuser',
      '/admin/customers/4',
      '/admin/staff',
    ]) {
      expect(decide('kitchen', path), path).toEqual({ kind: 'notForRole' });
    }
    expect(decide('delivery', '/admin/deliveries')).toEqual({ kind: 'allow' });
    expect(decide('delivery', '/admin/kitchen')).toEqual({ kind: 'notForRole' });
    expect(decide('mess_owner', '/admin/staff')).toEqual({ kind: 'allow' });
    // The deliveries page: a rider's run sheet, the owner's and a manager's progress and routes.
    expect(decide('mess_owner', '/admin/deliveries')).toEqual({ kind: 'allow' });
    expect(decide('manager', '/admin/deliveries')).toEqual({ kind: 'allow' });
    expect(decide('kitchen', '/admin/deliveries')).toEqual({ kind: 'notForRole' });
    // A customer still gets the 403 page, as before.
    expect(decide('student', '/admin/staff')).toEqual({ kind: 'forbidden' });
  });

  it('lets only the owner in without the roles table (before the signed-in chunk)', () => {
    const bare = (userType: AccountType, pathname: string) =>
      decideRoute(APP_ROUTES, { loading: false, user: user(userType), pathname });
    expect(bare('mess_owner', '/admin/staff')).toEqual({ kind: 'allow' });
    expect(bare('mess_owner', '/admin/deliveries')).toEqual({ kind: 'allow' });
    expect(bare('delivery', '/admin/deliveries')).toEqual({ kind: 'notForRole' });
    expect(bare('manager', '/admin/leaves')).toEqual({ kind: 'notForRole' });
  });

  it('never asks a staff account to complete a customer profile', () => {
    const fresh: RouteUser = { ...user('kitchen'), status: 'registration_complete' };
    expect(
      decideRoute(APP_ROUTES, {
        loading: false,
        user: fresh,
        pathname: '/admin/kitchen',
        mayOpen: mayOpenFor('kitchen'),
      }),
    ).toEqual({ kind: 'allow' });
  });
});

describe('the navigation each role is given', () => {
  const header = (userType: AccountType) =>
    headerNavigation(
      navigationLinks(audienceOf(userType), { userType, mayOpen: mayOpenFor(userType) }),
    );
  const to = (links: readonly { to: string }[]) => links.map((link) => link.to);

  it("puts every page of the owner's day in the navigation, the rest under More (issue 37, item 5)", () => {
    expect(paths('mess_owner')).toEqual([
      '/dashboard',
      '/admin/plans',
      '/admin/feedback',
      '/admin/leaves',
      '/admin/refunds',
      '/admin/superuser',
      '/admin/kitchen',
      '/admin/deliveries',
      '/admin/dues',
      '/admin/menu',
      '/admin/closed-days',
      '/admin/messages',
      '/admin/staff',
      '/admin/reports',
      '/admin/settings',
      '/admin/audit',
      '/admin/erasure-requests',
      '/profile',
      '/contact',
    ]);
    const owner = header('mess_owner');
    // The spec's links, the kitchen, the deliveries and the dues on the line; More after them.
    expect(to(owner.links)).toEqual([
      '/dashboard',
      '/admin/plans',
      '/admin/feedback',
      '/admin/leaves',
      '/admin/refunds',
      '/admin/superuser',
      '/admin/kitchen',
      '/admin/deliveries',
      '/admin/dues',
      '/profile',
      '/contact',
    ]);
    expect(owner.moreAt).toBe(9);
    expect(to(owner.more)).toEqual([
      '/admin/menu',
      '/admin/closed-days',
      '/admin/messages',
      '/admin/staff',
      '/admin/reports',
      '/admin/settings',
      '/admin/audit',
      '/admin/erasure-requests',
    ]);
    // The owner follows every rider's run: "Deliveries", not a rider's "My deliveries".
    expect(owner.links[7]?.label).toBe('nav.deliveriesOwner');
  });

  it("gives a manager the owner's day-to-day pages, not Staff, the Audit log or erasures", () => {
    expect(paths('manager')).toEqual([
      '/dashboard',
      '/admin/plans',
      '/admin/feedback',
      '/admin/leaves',
      '/admin/refunds',
      '/admin/superuser',
      '/admin/kitchen',
      '/admin/deliveries',
      '/admin/dues',
      '/admin/menu',
      '/admin/closed-days',
      '/admin/messages',
      '/admin/reports',
      '/admin/settings',
      '/profile',
      '/contact',
    ]);
    const manager = header('manager');
    expect(to(manager.links)).toContain('/admin/deliveries');
    expect(to(manager.links)).toContain('/admin/dues');
    expect(to(manager.more)).toEqual([
      '/admin/menu',
      '/admin/closed-days',
      '/admin/messages',
      '/admin/reports',
      '/admin/settings',
    ]);
    // Every link is a page the manager may open: none ends on "not allowed for your role".
    for (const path of paths('manager')) {
      expect(decide('manager', path), path).toEqual({ kind: 'allow' });
    }
  });

  it('gives a kitchen account the kitchen sheet, the menu and closed days only, on one line', () => {
    expect(paths('kitchen')).toEqual([
      '/admin/kitchen',
      '/admin/menu',
      '/admin/closed-days',
      '/profile',
      '/contact',
    ]);
    expect(header('kitchen').more).toEqual([]);
  });

  it('gives a rider their deliveries', () => {
    expect(paths('delivery')).toEqual(['/admin/deliveries', '/profile', '/contact']);
    expect(header('delivery')).toMatchObject({ more: [] });
    expect(header('delivery').links[0]?.label).toBe('nav.deliveries');
    // The mobile menu follows the same rules.
    expect(
      navigationLinks('owner', {
        userType: 'delivery',
        mobile: true,
        mayOpen: mayOpenFor('delivery'),
      }).map((link) => link.to),
    ).toEqual(['/admin/deliveries', '/profile', '/contact']);
  });

  it('keeps More for long headers: a customer’s ten links stay on the line', () => {
    expect(headerNavigation(navigationLinks('customer'))).toMatchObject({ more: [], moreAt: 10 });
    expect(headerNavigation(navigationLinks('visitor')).more).toEqual([]);
  });
});
