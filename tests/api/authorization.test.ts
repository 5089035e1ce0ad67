// The authorization matrix: every operation of openapi.yaml × every kind of caller, driven from the
// contract so that no operation can be missed; then the things no caller can ever do.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS, WEEKDAYS } from '@machines';
import { issueOtp, OTP_RESEND_COOLDOWN_SECONDS } from '../../server/resources/auth/otp.js';
import { loadContract, type OperationRoute } from '../../server/contract.js';
import type { OperationId } from '../../server/http.js';
import { createTestApp, testDatabases, type Answer, type TestApp } from '../helpers/app.js';
import {
  lastOtp,
  loginOwner,
  registerCustomer,
  uniquePhone,
  type Customer,
} from '../helpers/accounts.js';
import { addStaff, staffPhone, type StaffAccount } from '../helpers/staff.js';
import { commerce, multipart, samplePng, type Commerce } from '../helpers/commerce.js';
import { insertPendingCash } from '../helpers/fixtures.js';

const WEBHOOK_SECRET = 'whsec_matrix';
const WHATSAPP_SECRET = 'wa_app_secret_matrix';
const WHATSAPP_VERIFY = 'wa_verify_matrix';
const OWNER_PASSWORD = 'owner-password-1';
/** An id no object has. */
const MISSING_ID = 987_654_321;
const MISSING_ORDER = 'order_MatrixDoesNotExist';

const CALLERS = [
  'anonymous',
  /** A well-formed token whose payload was edited to name the mess owner (bad signature). */
  'forged',
  /** The token of a session that has logged out. */
  'revoked',
  'unverified',
  /** A student customer who does not own the object. */
  'student',
  /** A regular customer who does not own the object. */
  'stranger',
  'owner_customer',
  'mess_owner',
  /** The owner's staff, added through /owner/staff/ and signed in after claiming the invite. */
  'manager',
  'kitchen',
  'delivery',
] as const;
type Caller = (typeof CALLERS)[number];
type StaffCaller = 'manager' | 'kitchen' | 'delivery';
const SIGNED_OUT: readonly Caller[] = ['anonymous', 'forged', 'revoked'];
const NON_OWNERS: readonly Caller[] = ['unverified', 'student', 'stranger'];
const STAFF: readonly Caller[] = ['manager', 'kitchen', 'delivery'];
const isStaffCaller = (caller: Caller): caller is StaffCaller => STAFF.includes(caller);
/** Callers who act for the business (the owner's view of everyone's objects). */
const actsForBusiness = (caller: Caller) => caller === 'mess_owner' || isStaffCaller(caller);

/**
 * What a caller gets: a status, one of several statuses, or 'hidden': exactly the answer the same
 * caller gets for an object that does not exist (never reveal that another customer's object exists).
 */
type Outcome = number | readonly number[] | 'hidden';

interface Me {
  caller: Caller;
  token: string | null;
  customer: Customer | null;
  /** The staff account of a staff caller. */
  staff?: StaffAccount;
}

/** The object a call acts on. `id` is its id (an order id for payment orders). */
interface Target {
  id: number | string;
  /** The customer who owns it: the `owner_customer` caller. */
  owner: Customer;
  // Case-specific extras (a refresh token, signed checkout fields...), read only by their own case.
  [key: string]: any;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  raw?: Buffer | string;
  headers?: Record<string, string>;
  /** Overrides the caller's token (e.g. a throwaway session to log out). */
  token?: string | null;
}

interface Case {
  label?: string;
  /** Acts on one customer's object: non-owning customers get 'hidden' unless said otherwise. */
  owned?: boolean;
  /**
   * The status of a 'hidden' answer (default 404). An object named in the body rather than the
   * path is a field error (400), worded exactly as for an id that does not exist.
   */
  hiddenAs?: number;
  /** The success status of this case (default 200). */
  ok?: number | readonly number[];
  expect?: Partial<Record<Caller, Outcome>>;
  /** The shared object: read-only calls and refused calls use it. */
  target?: () => Target;
  /**
   * Destructive operations: a new object for each caller expected to succeed (refused callers use
   * the shared target, which `snapshot` proves they left unchanged).
   */
  fresh?: (caller: Caller) => Promise<Target>;
  request: (target: Target, me: Me) => Call;
  /** A read of the shared object, equal before and after every refused call. */
  snapshot?: (target: Target) => Promise<unknown>;
  /** Further checks on each answer. */
  check?: (answer: Answer, me: Me, target: Target) => void | Promise<void>;
  /** Undo a success that would break later cases (e.g. a new pending subscription). */
  after?: (answer: Answer, me: Me, target: Target) => Promise<void>;
}

const contract = loadContract();

/** Default outcomes from the contract's `security` and `x-roles`. */
function defaultOutcome(operation: OperationRoute, entry: Case, caller: Caller): Outcome {
  const ok = entry.ok ?? 200;
  // Public operations never read the token; elsewhere a bad one is 401, even where it is optional.
  if (operation.security === 'public') return ok;
  if (operation.security === 'optional')
    return caller === 'forged' || caller === 'revoked' ? 401 : ok;
  if (SIGNED_OUT.includes(caller)) return 401;
  // x-roles: the owner, each staff role, and every other caller a customer (unverified too).
  const roles = operation.roles;
  const role = caller === 'mess_owner' || isStaffCaller(caller) ? caller : 'customer';
  if (roles && !roles.includes(role)) return 403;
  // Staff act for the business: they see any customer's object, as the owner does.
  if (isStaffCaller(caller)) return ok;
  if (entry.owned && NON_OWNERS.includes(caller)) return 'hidden';
  return ok;
}

const isSuccess = (outcome: Outcome) =>
  outcome !== 'hidden' &&
  (typeof outcome === 'number' ? [outcome] : outcome).every((status) => status < 300);

/** Ids of a listing (a plain array or a page with `results`). */
function idsOf(body: unknown, key = 'id'): unknown[] {
  const rows = Array.isArray(body) ? body : ((body as { results?: unknown[] })?.results ?? []);
  return rows.map((row) => (row as Record<string, unknown>)[key]);
}

/** A token whose payload is edited to name another user, keeping the original signature. */
function forgeToken(token: string, sub: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const edited = Buffer.from(JSON.stringify({ ...claims, sub: String(sub) })).toString('base64url');
  return `${header}.${edited}.${signature}`;
}

describe.each(testDatabases())('authorization on %s', (dialect) => {
  let t: TestApp;
  let api: Commerce;
  let ownerToken: string;
  let ownerId: number;
  let ipCounter = 0;
  const types = new Map<Customer, 'student' | 'regular'>();
  // The world: callers and read-only fixtures shared by every case.
  const w = {} as {
    manager: StaffAccount;
    kitchen: StaffAccount;
    delivery: StaffAccount;
    /** A member who has not claimed their invite, and one the owner deactivated. */
    invitedStaff: number;
    deactivatedStaff: number;
    alice: Customer;
    student: Customer;
    stranger: Customer;
    unverified: Customer;
    forged: string;
    revoked: string;
    loginGuest: Customer;
    refreshGuest: Customer;
    plan: { id: number };
    inactivePlan: { id: number };
    active: { subscriptionId: number; paymentId: number };
    pending: {
      subscriptionId: number;
      orderId: string;
      fields: {
        razorpay_payment_id: string;
        razorpay_order_id: string;
        razorpay_signature: string;
      };
    };
    expired: number;
    cancelled: { subscriptionId: number; refundId: number };
    approvedRefund: number;
    creditNote: number;
    leave: number;
    mealSkip: number;
    closedDay: number;
    closureRule: number;
    /** A payment link for alice's pending subscription: its id and the provider's plink id. */
    link: { id: number; linkId: string };
    /** A counter QR code for alice's pending subscription: its id and what it encodes. */
    qr: { id: number; upiUri: string };
    feedback: number;
    attachment: number;
    notification: number;
    /** Alice's newest notice in the by-notice history. */
    notificationEvent: number;
    resetLink: { uid: string; token: string };
    rider: StaffAccount;
    /** A delivery route the rider rides, and one they do not. */
    route: number;
    otherRoute: number;
    /** A pending cash collection refused callers try to confirm or reject. */
    cash: Target;
    advance: Target;
    /** A waiting erasure request of a customer of its own, refused callers try to complete. */
    erasure: number;
  };

  const nextIp = () => {
    ipCounter += 1;
    return `172.16.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  const send = (call: Call, token: string | null) =>
    t.request(call.method, call.url, {
      token: call.token === undefined ? token : call.token,
      ip: nextIp(),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.raw !== undefined ? { raw: call.raw } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
    });
  const customer = async (userType: 'student' | 'regular' = 'regular') => {
    const created = await registerCustomer(t, { userType, service: 'mess' });
    types.set(created, userType);
    return created;
  };
  const login = async (username: string, password: string) => {
    const answer = await t.request('POST', '/api/accounts/login/', {
      ip: nextIp(),
      body: { username, password },
    });
    expect(answer.status).toBe(200);
    return answer.body as { access: string; refresh: string };
  };
  /** Registers an account without verifying it: its phone still waits for an OTP. */
  const guest = async () => {
    const phone = uniquePhone();
    const username = `guest${phone}`;
    const answer = await t.request('POST', '/api/accounts/register/', {
      ip: nextIp(),
      body: {
        username,
        email: `${username}@example.com`,
        phone: `+91${phone}`,
        password: 'guest-pass-1',
        confirm_password: 'guest-pass-1',
        user_type: 'student',
        first_name: 'Guest',
        last_name: 'User',
      },
    });
    expect(answer.status).toBe(201);
    return { id: answer.body.user.id as number, username, email: `${username}@example.com`, phone };
  };
  const resetLinkFor = async (email: string) => {
    const asked = await t.request('POST', '/api/accounts/password-reset/', {
      ip: nextIp(),
      body: { email },
    });
    expect(asked.status).toBe(200);
    await t.settle();
    const mail = t
      .mailOutbox()
      .filter((text) => text.includes(email) && text.includes('reset-password'))
      .pop();
    const match = mail
      ?.replace(/=\r?\n/g, '')
      .match(/http:\/\/dabba\.test\/reset-password\/([^/\s]+)\/([^/\s]+)\//);
    if (!match) throw new Error(`no reset link for ${email}`);
    return { uid: match[1]!, token: match[2]! };
  };
  const asOwner = (url: string) => t.request('GET', url, { token: ownerToken });
  const newRoute = async (riders: number[]) => {
    const answer = await t.request('POST', '/api/owner/routes/', {
      token: ownerToken,
      body: { name: `Matrix route ${randomUUID()}`, areas: ['201206 Ghaziabad'], riders },
    });
    expect(answer.status).toBe(201);
    return answer.body as { id: number; name: string };
  };
  /** A pending cash collection on a new customer's subscription that owes its price. */
  const newCashCollection = async (): Promise<Target> => {
    const who = await newOwner();
    const pending = await api.pendingSubscription(who);
    const row = await insertPendingCash(t, {
      userId: who.id,
      subscriptionId: pending.subscriptionId,
      amountPaise: 100_00,
      routeId: w.route,
      riderId: w.rider.id,
    });
    return { id: row.id, owner: who };
  };
  const newOwner = async () => customer('regular');
  /** A customer holding a ₹100 advance: cash confirmed while their subscription owed nothing. */
  const newAdvance = async (): Promise<Target> => {
    const who = await newOwner();
    const active = await api.activeSubscription(who);
    const row = await insertPendingCash(t, {
      userId: who.id,
      subscriptionId: active.subscriptionId,
      amountPaise: 100_00,
    });
    const confirmed = await t.request('POST', `/api/owner/cash-collections/${row.id}/confirm/`, {
      token: ownerToken,
    });
    expect(confirmed.status).toBe(200);
    return { id: who.id, owner: who };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      WHATSAPP_APP_SECRET: WHATSAPP_SECRET,
      WHATSAPP_VERIFY_TOKEN: WHATSAPP_VERIFY,
    });
    ownerToken = await loginOwner(t);
    ownerId = (await t.request('GET', '/api/accounts/profile/', { token: ownerToken })).body.id;
    api = commerce(t, () => ownerToken, { codePrefix: 'AUTHZ' });
    w.alice = await customer('regular');
    w.student = await customer('student');
    w.stranger = await customer('regular');
    for (const role of STAFF as StaffCaller[]) w[role] = await addStaff(t, ownerToken, role);
    w.invitedStaff = await newStaff();
    w.deactivatedStaff = await newStaff(true);
    w.unverified = await registerCustomer(t, { userType: 'student', verify: false });
    types.set(w.unverified, 'student');
    w.forged = forgeToken(w.alice.access, ownerId);
    const throwaway = await login(w.stranger.username, w.stranger.password);
    const out = await t.request('POST', '/api/accounts/logout/', {
      token: throwaway.access,
      body: { refresh: throwaway.refresh },
    });
    expect(out.status).toBe(204);
    w.revoked = throwaway.access;
    // Two accounts, so that neither passes the per-account login limit.
    for (const key of ['loginGuest', 'refreshGuest'] as const) {
      w[key] = { ...(await guest()), password: 'guest-pass-1', access: '', refresh: '' };
    }

    w.plan = await api.plan({ name: 'Matrix plan' });
    w.inactivePlan = await api.plan({ name: 'Retired plan', is_active: false });
    const active = await api.activeSubscription(w.alice);
    w.active = { subscriptionId: active.subscriptionId, paymentId: active.payment.id };
    const pending = await api.pendingSubscription(w.alice);
    const checkout = await api.checkoutFields(w.alice, pending.subscriptionId);
    w.pending = {
      subscriptionId: pending.subscriptionId,
      orderId: checkout.order.order_id,
      fields: checkout.fields,
    };
    const expired = await api.activeSubscription(w.alice);
    await api.endYesterday(expired.subscriptionId);
    w.expired = expired.subscriptionId;
    const cancelled = await api.cancelledWithRefund(w.alice);
    w.cancelled = { subscriptionId: cancelled.subscriptionId, refundId: cancelled.refundId };
    const approved = await api.cancelledWithRefund(w.alice);
    // With payout details, so the owner's payout view has something to show.
    const payout = await t.request('PATCH', `/api/payments/refunds/${approved.refundId}/`, {
      token: w.alice.access,
      body: { payout: { method: 'upi', upi_id: 'alice@okaxis' } },
    });
    expect(payout.status).toBe(200);
    expect(
      (await api.refundAction(approved.refundId, 'approve', { admin_comment: 'ok' })).status,
    ).toBe(200);
    w.approvedRefund = approved.refundId;
    // A credit note of Alice's (the matrix runs without a GSTIN, so none is issued by paying).
    const note = await t.ctx.db.kysely
      .insertInto('credit_notes')
      .values({
        number: 'CN/2026-27/9001',
        financial_year: '2026-27',
        sequence: 9001,
        refund_id: w.cancelled.refundId,
        payment_id: (
          await t.ctx.db.kysely
            .selectFrom('refunds')
            .select('payment_id')
            .where('id', '=', w.cancelled.refundId)
            .executeTakeFirstOrThrow()
        ).payment_id,
        user_id: w.alice.id,
        issued_on: '2026-11-27',
        amount_paise: 105_00,
        taxable_paise: 100_00,
        cgst_paise: 2_50,
        sgst_paise: 2_50,
        gst_rate_basis_points: 500,
        sac: '996331',
        gstin: '09AAACH7409R1ZZ',
        place_of_supply: 'Uttar Pradesh (09)',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    w.creditNote = note.id;
    w.leave = await api.pendingLeave(w.alice, w.active.subscriptionId);
    w.mealSkip = await skipOf(w.alice, w.active.subscriptionId);
    w.closedDay = await closeDay();
    w.closureRule = await closureRule();
    const upi = await t.request('PUT', '/api/owner/settings/', {
      token: ownerToken,
      body: {
        ...DEFAULT_SETTINGS,
        upi: { vpa: 'matrixmess@okaxis', payee_name: 'Matrix Mess' },
      },
    });
    expect(upi.status).toBe(200);
    w.link = await newLink();
    w.qr = await newQr();
    w.feedback = await api.openFeedback(w.alice, { subscription: w.active.subscriptionId });
    const attached = await api.attach(w.alice, w.feedback);
    expect(attached.status).toBe(200);
    w.attachment = attached.body.attachments[0].id;
    const logs = await t.request('GET', '/api/notifications/logs/', { token: w.alice.access });
    w.notification = logs.body[0].id;
    const events = await t.request('GET', '/api/notifications/events/', { token: w.alice.access });
    w.notificationEvent = events.body[0].id;
    const linkGuest = await guest();
    w.resetLink = await resetLinkFor(linkGuest.email);
    // The delivery staff caller rides the matrix's route.
    w.rider = w.delivery;
    w.route = (await newRoute([w.rider.id])).id;
    w.otherRoute = (await newRoute([])).id;
    w.cash = await newCashCollection();
    w.advance = await newAdvance();
    w.erasure = await newErasureRequest(await newOwner());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const alice = (): Target => ({ id: 0, owner: w.alice });
  const byId = (id: () => number | string) => (): Target => ({ id: id(), owner: w.alice });
  const get = (url: (target: Target) => string) => (target: Target) => ({
    method: 'GET' as const,
    url: url(target),
  });
  /** A listing: non-owning customers never see the owner's object; `ownerSees`: the mess owner does. */
  const listing =
    (id: () => number | string, ownerSees: boolean, key = 'id') =>
    (answer: Answer, me: Me) => {
      if (answer.status !== 200) return;
      const sees = idsOf(answer.body, key).includes(id());
      const shouldSee = me.caller === 'owner_customer' || (actsForBusiness(me.caller) && ownerSees);
      expect({ caller: me.caller, sees }).toEqual({ caller: me.caller, sees: shouldSee });
    };
  const ownerRead = (url: (target: Target) => string) => async (target: Target) =>
    (await asOwner(url(target))).body;
  const completeProfileBody = (me: Me) =>
    types.get(me.customer!) === 'regular'
      ? {
          user_type: 'regular',
          is_tiffin_user: false,
          is_mess_user: true,
          regular_profile: {
            address: '12 Station Road',
            landmark: 'Near the temple',
            pincode: '201206',
            city: 'Ghaziabad',
          },
        }
      : {
          user_type: 'student',
          is_tiffin_user: false,
          is_mess_user: true,
          student_profile: {
            institute: 'KIET',
            student_id: 'S1',
            hostel: 'Hostel A, Room 12',
            year: '2nd',
            course: 'B.Tech',
          },
        };
  const passwordOf = (me: Me) =>
    me.caller === 'mess_owner' ? OWNER_PASSWORD : (me.staff?.password ?? me.customer!.password);
  const usernameOf = (me: Me) =>
    me.caller === 'mess_owner' ? 'owner' : (me.staff?.username ?? me.customer!.username);
  /** The caller's own user id. */
  const idOf = (me: Me) =>
    me.caller === 'mess_owner' ? ownerId : (me.staff?.id ?? me.customer!.id);
  /** A new customer with an active subscription and a pending leave on it. */
  const freshLeave = async (): Promise<Target> => {
    const who = await newOwner();
    const active = await api.activeSubscription(who);
    return { id: await api.pendingLeave(who, active.subscriptionId), owner: who };
  };
  /** A meal skip of `who` on `subscription`: dinner three days from now, long before its cutoff. */
  const skipOf = async (who: Customer, subscription: number) => {
    const skipped = await t.request('POST', '/api/meals/skips/', {
      token: who.access,
      body: { subscription, meal_date: addDays(t.ctx.today(), 3), meal: 'dinner' },
    });
    expect(skipped.status).toBe(201);
    return skipped.body.id as number;
  };
  const freshFeedback = async (attach = false): Promise<Target> => {
    const who = await newOwner();
    const id = await api.openFeedback(who);
    if (attach) expect((await api.attach(who, id)).status).toBe(200);
    return { id, owner: who };
  };
  const freshCancelled = async (): Promise<Target> => {
    const cancelled = await api.cancelledWithRefund(w.alice);
    return { id: cancelled.refundId, owner: w.alice, subscriptionId: cancelled.subscriptionId };
  };
  let webhookCounter = 0;
  let closedDayCounter = 0;
  /** A closed day weeks ahead (lunch), made by the owner. */
  const closeDay = async () => {
    const closed = await t.request('POST', '/api/owner/closed-days/', {
      token: ownerToken,
      body: {
        date: addDays(t.ctx.today(), 200 + closedDayCounter++),
        meal: 'lunch',
        reason: 'Matrix water cut',
      },
    });
    expect(closed.status).toBe(201);
    return closed.body.id as number;
  };
  let closureRuleCounter = 0;
  /** A rule closing Sunday lunch from far ahead (nothing in reach), each on another start date. */
  const closureRuleBody = () => ({
    weekdays: ['sunday'],
    meals: ['lunch'],
    start_date: addDays(t.ctx.today(), 300 + 7 * closureRuleCounter++),
    reason: 'Matrix weekly closure',
  });
  const closureRule = async () => {
    const made = await t.request('POST', '/api/owner/closure-rules/', {
      token: ownerToken,
      body: closureRuleBody(),
    });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  /** A ₹1 payment link for alice's pending subscription, made by the owner. */
  const newLink = async () => {
    const made = await t.request('POST', '/api/payments/admin/payment-links/', {
      token: ownerToken,
      body: { subscription: w.pending.subscriptionId, amount: 1 },
    });
    expect(made.status).toBe(201);
    return { id: made.body.id as number, linkId: made.body.link_id as string };
  };
  /** A ₹1 counter QR code for alice's pending subscription, made by the owner. */
  const newQr = async () => {
    const made = await t.request('POST', '/api/payments/admin/counter-qr/', {
      token: ownerToken,
      body: { subscription: w.pending.subscriptionId, amount: 1 },
    });
    expect(made.status).toBe(201);
    return { id: made.body.id as number, upiUri: made.body.upi_uri as string };
  };
  /** A staff member the owner adds (invited); with `deactivate`, then deactivated. */
  const newStaff = async (deactivate = false) => {
    const added = await t.request('POST', '/api/owner/staff/', {
      token: ownerToken,
      body: { first_name: 'Matrix', last_name: 'Staff', phone: staffPhone(), role: 'kitchen' },
    });
    expect(added.status).toBe(201);
    if (deactivate) {
      const off = await t.request('POST', `/api/owner/staff/${added.body.id}/deactivate/`, {
        token: ownerToken,
      });
      expect(off.status).toBe(200);
    }
    return added.body.id as number;
  };
  let walkInCounter = 0;
  /** A walk-in the owner enrols, and the token of its claim link (from the SMS outbox). */
  const walkIn = async (): Promise<{ token: string; phone: string; userId: number }> => {
    walkInCounter += 1;
    const phone = `77${String(Date.now() % 1_000_000).padStart(6, '0')}${String(walkInCounter).padStart(2, '0')}`;
    const enrolled = await t.request('POST', '/api/payments/admin/walk-ins/', {
      token: ownerToken,
      body: {
        first_name: 'Matrix',
        phone,
        user_type: 'student',
        plan: w.plan.id,
        amount: 0,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
    const sms = t.smsOutbox().filter((message) => message.to === `+91${phone}`);
    const token = sms[sms.length - 1]?.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no claim link for ${phone}`);
    return { token, phone, userId: enrolled.body.customer.id };
  };
  /** A walk-in whose claim link already had its OTP sent (and, with `verify`, checked). */
  const claimAt = async (verify: boolean): Promise<Target> => {
    const { token, phone } = await walkIn();
    // From addresses of their own: eleven callers' claims would pass the per-IP OTP limit.
    const ip = nextIp();
    expect((await t.request('POST', `/api/accounts/claim/${token}/otp/`, { ip })).status).toBe(200);
    if (verify) {
      const verified = await t.request('POST', `/api/accounts/claim/${token}/verify/`, {
        ip,
        body: { otp: lastOtp(t, phone) },
      });
      expect(verified.status).toBe(200);
    }
    return { id: token, owner: w.alice, phone };
  };
  /** A customer's waiting erasure request (asked with their password): its id. */
  const newErasureRequest = async (who: Customer) => {
    const asked = await t.request('POST', '/api/accounts/erasure-request/', {
      token: who.access,
      body: { password: who.password },
    });
    expect(asked.status).toBe(201);
    return asked.body.request.id as number;
  };
  /** A GET whose outcomes are all the contract's defaults. */
  const plain = (url: string): Case => ({ request: () => ({ method: 'GET', url }) });

  const table: Record<OperationId, Case | Case[]> = {
    // ----- meta and accounts ---------------------------------------------------------------------
    getHealth: { request: () => ({ method: 'GET', url: '/api/health/' }) },
    getBusiness: { request: () => ({ method: 'GET', url: '/api/business/' }) },
    login: {
      request: () => ({
        method: 'POST',
        url: '/api/accounts/login/',
        body: { username: w.loginGuest.username, password: w.loginGuest.password },
      }),
      check: (answer) => expect(typeof answer.body.access).toBe('string'),
    },
    refreshToken: {
      // A refresh token rotates on use: every caller gets a fresh one.
      fresh: async () => ({
        id: 0,
        owner: w.alice,
        refresh: (await login(w.refreshGuest.username, w.refreshGuest.password)).refresh,
      }),
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/token/refresh/',
        body: { refresh: target.refresh },
      }),
    },
    logout: {
      ok: 204,
      // Each signed-in caller logs out a throwaway session of their own, keeping the main one.
      fresh: async (caller) => {
        const me = identity(caller, alice());
        const session = await login(usernameOf(me), passwordOf(me));
        return { id: 0, owner: w.alice, session: session.access, refresh: session.refresh };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/logout/',
        body: target.refresh ? { refresh: target.refresh } : {},
        ...(target.session ? { token: target.session } : {}),
      }),
      check: async (answer, _me, target) => {
        if (answer.status !== 204) return;
        const after = await t.request('GET', '/api/accounts/profile/', { token: target.session });
        expect(after.status).toBe(401);
      },
    },
    register: {
      ok: 201,
      request: () => {
        const phone = uniquePhone();
        return {
          method: 'POST',
          url: '/api/accounts/register/',
          body: {
            username: `reg${phone}`,
            email: `reg${phone}@example.com`,
            phone: `+91${phone}`,
            password: 'secret-pass-1',
            confirm_password: 'secret-pass-1',
            user_type: 'regular',
            first_name: 'New',
            last_name: 'Person',
          },
        };
      },
      // A token sent along never changes who is created: always an unverified customer.
      check: (answer) =>
        expect(answer.body.user).toMatchObject({ user_type: 'regular', status: 'unverified' }),
    },
    getProfile: {
      request: () => ({ method: 'GET', url: '/api/accounts/profile/' }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        expect(answer.body.id).toBe(idOf(me));
      },
    },
    setLanguage: {
      // Every signed-in caller, unverified too, and only for their own row. English, so the
      // cases that follow read the texts they expect.
      request: () => ({ method: 'PUT', url: '/api/accounts/language/', body: { language: 'en' } }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        expect(answer.body.id).toBe(idOf(me));
        expect(answer.body.language).toBe('en');
      },
    },
    completeProfile: {
      // An unverified phone must be verified before the profile: a rule of the handler.
      expect: { unverified: 403 },
      request: (_target, me) => ({
        method: 'POST',
        url: '/api/accounts/complete-profile/',
        body: me.customer
          ? completeProfileBody(me)
          : completeProfileBody({ ...me, customer: w.alice }),
      }),
      check: (answer, me) => {
        if (answer.status === 200) expect(answer.body.id).toBe(me.customer!.id);
      },
    },
    changePassword: {
      // The same password again, from the caller's main session: other sessions are signed out,
      // and this one stays valid for the cases that follow.
      request: (_target, me) => {
        const password =
          me.customer || me.staff || me.caller === 'mess_owner' ? passwordOf(me) : 'whatever-1';
        return {
          method: 'POST',
          url: '/api/accounts/change-password/',
          body: { old_password: password, new_password: password, confirm_password: password },
        };
      },
    },
    verifyOtp: {
      fresh: async () => {
        const account = await guest();
        return { id: account.id, owner: w.alice, phone: account.phone };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/verify-otp/',
        body: { phone: `+91${target.phone}`, otp: lastOtp(t, target.phone) },
      }),
      check: (answer, _me, target) => expect(answer.body.user.id).toBe(target.id),
    },
    claimLinkAccount: {
      fresh: async () => ({ id: (await walkIn()).token, owner: w.alice }),
      request: (target) => ({ method: 'GET', url: `/api/accounts/claim/${target.id}/` }),
      check: (answer) =>
        expect(answer.body).toEqual({ account: 'customer', role: null, first_name: 'Matrix' }),
    },
    claimSendOtp: {
      fresh: async () => ({ id: (await walkIn()).token, owner: w.alice }),
      request: (target) => ({ method: 'POST', url: `/api/accounts/claim/${target.id}/otp/` }),
      check: (answer) => expect(answer.body.first_name).toBe('Matrix'),
    },
    claimVerifyOtp: {
      fresh: () => claimAt(false),
      request: (target) => ({
        method: 'POST',
        url: `/api/accounts/claim/${target.id}/verify/`,
        body: { otp: lastOtp(t, target.phone) },
      }),
    },
    claimComplete: {
      fresh: () => claimAt(true),
      request: (target) => ({
        method: 'POST',
        url: `/api/accounts/claim/${target.id}/complete/`,
        body: { password: 'Walkin-pass-91', confirm_password: 'Walkin-pass-91' },
      }),
      check: (answer) => expect(answer.body.access).toEqual(expect.any(String)),
    },
    resendOtp: {
      // A resend waits out the cooldown after registration: register all, then wait once.
      fresh: (() => {
        let batch: Promise<{ phone: string }[]> | null = null;
        let next = 0;
        return async () => {
          batch ??= (async () => {
            const accounts = [];
            for (let i = 0; i < CALLERS.length; i += 1) accounts.push(await guest());
            t.clock.advance((OTP_RESEND_COOLDOWN_SECONDS + 1) * 1000);
            return accounts;
          })();
          const account = (await batch)[next++]!;
          return { id: 0, owner: w.alice, phone: account.phone };
        };
      })(),
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/resend-otp/',
        body: { phone: `+91${target.phone}` },
      }),
    },
    phoneLogin: {
      // A phone no account has: the same 200 as any other, and no cooldown from a registration.
      fresh: async () => ({ id: 0, owner: w.alice, phone: uniquePhone() }),
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/login/phone/',
        body: { phone: `+91${target.phone}` },
      }),
      check: (answer) => expect(answer.body.message).toMatch(/sign-in code/),
    },
    phoneLoginVerify: {
      fresh: async () => {
        const account = await guest();
        // A verified registration: an unverified one is sent to verification instead (403).
        const verified = await t.request('POST', '/api/accounts/verify-otp/', {
          ip: nextIp(),
          body: { phone: `+91${account.phone}`, otp: lastOtp(t, account.phone) },
        });
        expect(verified.status).toBe(200);
        const user = await t.ctx.db.kysely
          .selectFrom('users')
          .selectAll()
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow();
        // The code phoneLogin would text, without waiting out the registration's cooldown.
        await issueOtp(t.ctx, user, 'sign_in');
        await t.settle();
        return { id: account.id, owner: w.alice, phone: account.phone };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/login/phone/verify/',
        body: { phone: `+91${target.phone}`, otp: lastOtp(t, target.phone) },
      }),
      check: (answer) => expect(answer.body.access).toEqual(expect.any(String)),
    },
    requestPasswordReset: {
      request: () => ({
        method: 'POST',
        url: '/api/accounts/password-reset/',
        body: { email: `nobody-${ipCounter}@example.com` },
      }),
    },
    checkPasswordResetLink: {
      request: () => ({
        method: 'GET',
        url: `/api/accounts/password-reset/${w.resetLink.uid}/${w.resetLink.token}/`,
      }),
    },
    confirmPasswordReset: {
      fresh: async () => {
        const account = await guest();
        return { id: account.id, owner: w.alice, ...(await resetLinkFor(account.email)) };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/accounts/password-reset-confirm/',
        body: {
          uidb64: target.uid,
          token: target.token,
          new_password: 'brand-new-pass-1',
          confirm_password: 'brand-new-pass-1',
        },
      }),
    },

    // ----- owner views -----------------------------------------------------------------------------
    ownerListUsers: plain('/api/accounts/owner/users/'),
    ownerGetUser: {
      target: byId(() => w.alice.id),
      request: get((target) => `/api/accounts/owner/users/${target.id}/`),
      check: (answer, me) => {
        if (me.caller === 'mess_owner') expect(answer.body.id).toBe(w.alice.id);
      },
    },
    // The owner and a manager change a customer's details; refused callers leave them as they were.
    ownerUpdateCustomer: {
      target: byId(() => w.stranger.id),
      fresh: async () => {
        const who = await newOwner();
        return { id: who.id, owner: who };
      },
      snapshot: ownerRead((target) => `/api/accounts/owner/users/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/accounts/owner/users/${target.id}/`,
        body: { diet: 'jain', language: 'hi' },
      }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.changed).toEqual(['language', 'diet']);
      },
    },
    ownerActiveSubscribers: plain('/api/accounts/owner/users/active_subscribers/'),
    ownerUserStats: plain('/api/accounts/owner/users/user_stats/'),
    ownerKitchenSheet: plain('/api/kitchen/sheet/'),
    ownerGetSettings: plain('/api/owner/settings/'),
    ownerUpdateSettings: {
      request: () => ({ method: 'PUT', url: '/api/owner/settings/', body: DEFAULT_SETTINGS }),
    },
    ownerListStartableSubscriptions: plain('/api/owner/settings/payments/startable/'),
    // An id that awaits nothing: the owner's call answers 200 with it not started.
    ownerStartStartableSubscriptions: {
      request: () => ({
        method: 'POST',
        url: '/api/owner/settings/payments/startable/start/',
        body: { subscriptions: [MISSING_ID] },
      }),
      check: (answer, me) => {
        if (me.caller === 'mess_owner') expect(answer.body.not_started).toEqual([MISSING_ID]);
      },
    },
    ownerListClosedDays: plain('/api/owner/closed-days/'),
    ownerListDues: plain('/api/owner/dues/'),
    ownerDuesSummary: plain('/api/owner/dues/summary/'),
    ownerListReminders: plain('/api/owner/reminders/'),
    ownerPreviewReminders: plain('/api/owner/reminders/next/'),
    ownerCustomerStatement: {
      target: byId(() => w.alice.id),
      request: get((target) => `/api/owner/dues/${target.id}/`),
      check: (answer, me) => {
        if (me.caller === 'mess_owner') expect(answer.body.customer.id).toBe(w.alice.id);
      },
    },
    ownerRefundAdvance: {
      ok: 201,
      fresh: newAdvance,
      target: () => w.advance,
      snapshot: async (target) =>
        t.ctx.db.kysely
          .selectFrom('advance_refunds')
          .select('id')
          .where('user_id', '=', Number(target.id))
          .execute(),
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/customers/${target.id}/advance/refund/`,
        body: { amount: 100, method: 'cash', admin_comment: 'Paid back at the counter' },
      }),
      check: (answer) => {
        if (answer.status === 201)
          expect(answer.body).toMatchObject({ amount: 100, advance_left: 0 });
      },
    },
    ownerCloseDay: {
      ok: 201,
      // Each call closes another day, weeks ahead: long before any cutoff.
      request: () => ({
        method: 'POST',
        url: '/api/owner/closed-days/',
        body: { date: addDays(t.ctx.today(), 40 + closedDayCounter++), reason: 'Matrix holiday' },
      }),
    },
    ownerRemoveClosedDay: {
      target: () => ({ id: w.closedDay, owner: w.alice }),
      fresh: async () => ({ id: await closeDay(), owner: w.alice }),
      snapshot: async () =>
        (await t.request('GET', '/api/owner/closed-days/', { token: ownerToken })).body,
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/closed-days/${target.id}/remove/`,
      }),
    },
    ownerListClosureRules: plain('/api/owner/closure-rules/'),
    ownerCreateClosureRule: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/owner/closure-rules/',
        body: closureRuleBody(),
      }),
    },
    ownerWithdrawClosureRule: {
      target: () => ({ id: w.closureRule, owner: w.alice }),
      fresh: async () => ({ id: await closureRule(), owner: w.alice }),
      snapshot: async () =>
        (await t.request('GET', '/api/owner/closure-rules/', { token: ownerToken })).body,
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/closure-rules/${target.id}/withdraw/`,
      }),
    },
    ownerSummary: plain('/api/owner/summary/'),
    ownerDatabaseBackup: {
      request: () => ({ method: 'GET', url: '/api/owner/backup/' }),
      // PostgreSQL has no embedded database to copy: the owner is sent to pg_dump.
      ...(dialect === 'postgres' ? { expect: { mess_owner: 409 } } : {}),
    },

    // ----- plans ---------------------------------------------------------------------------------
    listPlans: {
      // Asking for retired plans is the owner's privilege; anyone else gets the active ones.
      request: () => ({ method: 'GET', url: '/api/subscriptions/plans/?include_inactive=true' }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        const ids = idsOf(answer.body);
        expect(ids).toContain(w.plan.id);
        // Only the mess owner sees retired plans.
        expect({ caller: me.caller, seesRetired: ids.includes(w.inactivePlan.id) }).toEqual({
          caller: me.caller,
          seesRetired: me.caller === 'mess_owner',
        });
      },
    },
    getPlan: [
      {
        label: 'an active plan',
        request: () => ({ method: 'GET', url: `/api/subscriptions/plans/${w.plan.id}/` }),
      },
      {
        label: 'a retired plan',
        // Bad tokens are 401 before anything is looked up (the default).
        expect: Object.fromEntries(
          CALLERS.filter((caller) => !['mess_owner', 'forged', 'revoked'].includes(caller)).map(
            (caller) => [caller, 404],
          ),
        ) as Partial<Record<Caller, Outcome>>,
        request: () => ({ method: 'GET', url: `/api/subscriptions/plans/${w.inactivePlan.id}/` }),
      },
    ],
    createPlan: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/subscriptions/plans/',
        body: {
          code: `MX-${Math.random().toString(36).slice(2, 10)}`,
          name: 'Matrix-made plan',
          description: 'Made by the matrix',
        },
      }),
    },
    updatePlan: {
      target: byId(() => w.plan.id),
      snapshot: ownerRead((target) => `/api/subscriptions/plans/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/subscriptions/plans/${target.id}/`,
        body: { description: 'Home-style meals, edited' },
      }),
    },
    deletePlan: {
      ok: 204,
      target: byId(() => w.plan.id),
      fresh: async () => ({ id: (await api.plan()).id, owner: w.alice }),
      snapshot: ownerRead((target) => `/api/subscriptions/plans/${target.id}/`),
      request: (target) => ({ method: 'DELETE', url: `/api/subscriptions/plans/${target.id}/` }),
    },

    // ----- menu ----------------------------------------------------------------------------------
    getMenu: {
      request: () => ({ method: 'GET', url: '/api/menu/?days=2' }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.days).toHaveLength(2);
      },
    },
    getMenuWeek: { request: () => ({ method: 'GET', url: '/api/menu/week/' }) },
    setMenuWeekday: {
      request: () => ({
        method: 'PUT',
        url: '/api/menu/week/monday/lunch/',
        body: { dishes: [{ name: 'Rajma chawal', mark: 'veg' }] },
      }),
    },
    setMenuWeek: {
      request: () => ({
        method: 'PUT',
        url: '/api/menu/week/',
        body: {
          week: Object.fromEntries(
            WEEKDAYS.map((weekday) => [
              weekday,
              { breakfast: [], lunch: [{ name: 'Rajma chawal', mark: 'veg' }], dinner: [] },
            ]),
          ),
        },
      }),
    },
    setMenuDate: {
      request: () => ({
        method: 'PUT',
        url: `/api/menu/dates/${addDays(t.ctx.today(), 3)}/dinner/`,
        body: { dishes: [{ name: 'Kadhi', mark: 'veg' }] },
      }),
    },
    clearMenuDate: {
      ok: 204,
      target: () => ({ id: addDays(t.ctx.today(), 4), owner: w.alice }),
      // The owner clears a change made for the purpose; refused callers leave it in place.
      fresh: async () => {
        const date = addDays(t.ctx.today(), 4);
        await t.request('PUT', `/api/menu/dates/${date}/lunch/`, {
          token: ownerToken,
          body: { dishes: [{ name: 'Pulao', mark: 'veg' }] },
        });
        return { id: date, owner: w.alice };
      },
      request: (target) => ({ method: 'DELETE', url: `/api/menu/dates/${target.id}/lunch/` }),
    },
    setDiet: {
      // A customer's own row only; the owner has no diet.
      request: () => ({ method: 'PUT', url: '/api/accounts/diet/', body: { diet: null } }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        expect(answer.body.id).toBe(me.customer!.id);
        expect(answer.body.diet).toBeNull();
      },
    },

    // ----- subscriptions -------------------------------------------------------------------------
    listSubscriptions: {
      // Filtering by the owner's user id is the mess owner's filter; customers still see their own.
      request: () => ({
        method: 'GET',
        url: `/api/subscriptions/subscriptions/?user=${w.alice.id}`,
      }),
      check: listing(() => w.active.subscriptionId, true),
    },
    createSubscription: {
      ok: 201,
      // An unverified customer has no complete profile: the create rules refuse it.
      expect: { unverified: 400 },
      target: () => ({ id: w.plan.id, owner: w.alice }),
      fresh: async () => ({ id: (await api.plan()).id, owner: w.alice }),
      request: (target) => ({
        method: 'POST',
        url: '/api/subscriptions/subscriptions/',
        body: { plan: target.id },
      }),
      check: (answer, me) => {
        if (answer.status === 201) expect(answer.body.user.id).toBe(me.customer!.id);
        if (me.caller === 'unverified')
          expect(answer.body.error_code).toBe('subscription.profile_incomplete');
      },
      // Keep each customer under the limit of two unpaid subscriptions.
      after: async (answer, me) => {
        if (answer.status !== 201) return;
        const removed = await t.request(
          'DELETE',
          `/api/subscriptions/subscriptions/${answer.body.id}/`,
          { token: me.token },
        );
        expect(removed.status).toBe(204);
      },
    },
    getActiveSubscription: {
      // Only the owning customer has an ACTIVE subscription; the others are told they have none.
      expect: { unverified: 404, student: 404, stranger: 404 },
      request: () => ({ method: 'GET', url: '/api/subscriptions/subscriptions/active/' }),
      check: (answer, me) => {
        if (answer.status === 200) expect(answer.body.user.id).toBe(me.customer!.id);
      },
    },
    getSubscription: {
      owned: true,
      target: byId(() => w.active.subscriptionId),
      request: get((target) => `/api/subscriptions/subscriptions/${target.id}/`),
    },
    deleteSubscription: {
      owned: true,
      ok: 204,
      target: byId(() => w.pending.subscriptionId),
      fresh: async () => ({
        id: (await api.pendingSubscription(w.alice)).subscriptionId,
        owner: w.alice,
      }),
      snapshot: ownerRead((target) => `/api/subscriptions/subscriptions/${target.id}/`),
      request: (target) => ({
        method: 'DELETE',
        url: `/api/subscriptions/subscriptions/${target.id}/`,
      }),
    },
    cancelSubscription: {
      owned: true,
      target: byId(() => w.active.subscriptionId),
      fresh: async () => ({
        id: (await api.activeSubscription(w.alice)).subscriptionId,
        owner: w.alice,
      }),
      snapshot: ownerRead((target) => `/api/subscriptions/subscriptions/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/subscriptions/subscriptions/${target.id}/cancel/`,
      }),
    },
    cancelPreview: {
      owned: true,
      target: byId(() => w.active.subscriptionId),
      request: get((target) => `/api/subscriptions/subscriptions/${target.id}/cancel_preview/`),
    },
    renewSubscription: {
      owned: true,
      ok: 201,
      target: byId(() => w.expired),
      snapshot: ownerRead((target) => `/api/subscriptions/subscriptions/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/subscriptions/subscriptions/${target.id}/renew/`,
      }),
      after: async (answer) => {
        if (answer.status !== 201) return;
        const removed = await t.request(
          'DELETE',
          `/api/subscriptions/subscriptions/${answer.body.id}/`,
          { token: w.alice.access },
        );
        expect(removed.status).toBe(204);
      },
    },
    adjustSubscription: {
      target: byId(() => w.active.subscriptionId),
      fresh: async () => ({
        id: (await api.activeSubscription(w.alice)).subscriptionId,
        owner: w.alice,
      }),
      snapshot: ownerRead((target) => `/api/subscriptions/subscriptions/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/subscriptions/subscriptions/${target.id}/adjust/`,
        body: { days: 2, reason: 'Kitchen closed' },
      }),
    },
    adjustAllSubscriptions: {
      snapshot: ownerRead(() => `/api/subscriptions/subscriptions/${w.active.subscriptionId}/`),
      target: byId(() => w.active.subscriptionId),
      request: () => ({
        method: 'POST',
        url: '/api/subscriptions/subscriptions/adjust_all/',
        body: { days: 1, reason: 'Kitchen closed', operation_key: `matrix-${Date.now()}` },
      }),
    },

    // ----- leaves --------------------------------------------------------------------------------
    listLeaves: {
      request: () => ({ method: 'GET', url: '/api/subscriptions/leaves/' }),
      check: listing(() => w.leave, true),
    },
    createLeave: {
      // The body names the owner's subscription: anyone else is answered as if it did not exist.
      owned: true,
      hiddenAs: 400,
      ok: 201,
      target: byId(() => w.active.subscriptionId),
      // Alice already has a pending leave (one per customer): a new owner asks for this one.
      fresh: async () => {
        const who = await newOwner();
        return { id: (await api.activeSubscription(who)).subscriptionId, owner: who };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/subscriptions/leaves/',
        body: {
          subscription: target.id,
          leave_start_date: addDays(t.ctx.today(), 5),
          leave_end_date: addDays(t.ctx.today(), 6),
          reason: 'Going home',
        },
      }),
    },
    leaveDashboardStats: plain('/api/subscriptions/leaves/dashboard_stats/'),
    // ----- meals --------------------------------------------------------------------------------
    getPolicies: plain('/api/policies/'),
    getMyStatement: {
      request: () => ({ method: 'GET', url: '/api/ledger/statement/' }),
      // Each customer reads their own account: never another's.
      check: (answer, me) => {
        if (answer.status === 200) expect(answer.body.customer.id).toBe(me.customer?.id);
      },
    },
    listUpcomingMeals: plain('/api/meals/upcoming/'),
    listMealSkips: plain('/api/meals/skips/'),
    skipMeal: {
      // The body names the owner's subscription: anyone else is answered as if it did not exist.
      owned: true,
      hiddenAs: 400,
      ok: 201,
      target: byId(() => w.active.subscriptionId),
      fresh: async () => {
        const who = await newOwner();
        return { id: (await api.activeSubscription(who)).subscriptionId, owner: who };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/meals/skips/',
        body: { subscription: target.id, meal_date: addDays(t.ctx.today(), 4), meal: 'lunch' },
      }),
    },
    undoMealSkip: {
      owned: true,
      target: byId(() => w.mealSkip),
      fresh: async () => {
        const who = await newOwner();
        const active = await api.activeSubscription(who);
        return { id: await skipOf(who, active.subscriptionId), owner: who };
      },
      request: (target) => ({ method: 'POST', url: `/api/meals/skips/${target.id}/undo/` }),
    },
    pendingLeaves: plain('/api/subscriptions/leaves/pending/'),
    getLeave: {
      owned: true,
      target: byId(() => w.leave),
      request: get((target) => `/api/subscriptions/leaves/${target.id}/`),
    },
    updateLeave: {
      owned: true,
      target: byId(() => w.leave),
      snapshot: ownerRead((target) => `/api/subscriptions/leaves/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/subscriptions/leaves/${target.id}/`,
        body: { reason: 'Family function, two days' },
      }),
    },
    deleteLeave: {
      owned: true,
      ok: 204,
      target: byId(() => w.leave),
      fresh: () => freshLeave(),
      snapshot: ownerRead((target) => `/api/subscriptions/leaves/${target.id}/`),
      request: (target) => ({ method: 'DELETE', url: `/api/subscriptions/leaves/${target.id}/` }),
    },
    approveLeave: {
      target: byId(() => w.leave),
      fresh: () => freshLeave(),
      snapshot: ownerRead((target) => `/api/subscriptions/leaves/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/subscriptions/leaves/${target.id}/approve/`,
        body: { admin_comment: 'Approved' },
      }),
    },
    rejectLeave: {
      target: byId(() => w.leave),
      fresh: () => freshLeave(),
      snapshot: ownerRead((target) => `/api/subscriptions/leaves/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/subscriptions/leaves/${target.id}/reject/`,
        body: { admin_comment: 'Exams week' },
      }),
    },

    // ----- feedback ------------------------------------------------------------------------------
    listFeedback: {
      request: () => ({ method: 'GET', url: '/api/feedback/' }),
      // The owner reads feedback through the admin views; this list is the caller's own.
      check: listing(() => w.feedback, false),
    },
    createFeedback: {
      // The body names the owner's subscription: anyone else is answered as if it did not exist.
      owned: true,
      hiddenAs: 400,
      ok: 201,
      // Feedback needs a verified phone, whatever the body says.
      expect: { unverified: 403 },
      target: byId(() => w.active.subscriptionId),
      // Alice already has open feedback (one per customer): a new owner writes this one.
      fresh: async () => {
        const who = await newOwner();
        return { id: (await api.activeSubscription(who)).subscriptionId, owner: who };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/feedback/',
        body: {
          feedback_type: 'general_feedback',
          subject: 'Lunch',
          message: 'Good dal today.',
          rating: 5,
          subscription: target.id,
        },
      }),
    },
    myFeedbackStats: {
      request: () => ({ method: 'GET', url: '/api/feedback/my_stats/' }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        expect(answer.body.total_feedbacks).toBe(me.caller === 'owner_customer' ? 1 : 0);
      },
    },
    getFeedback: {
      owned: true,
      target: byId(() => w.feedback),
      request: get((target) => `/api/feedback/${target.id}/`),
    },
    updateFeedback: {
      owned: true,
      target: byId(() => w.feedback),
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/feedback/${target.id}/`,
        body: { subject: 'About dinner, again' },
      }),
    },
    deleteFeedback: {
      owned: true,
      ok: 204,
      target: byId(() => w.feedback),
      fresh: () => freshFeedback(),
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({ method: 'DELETE', url: `/api/feedback/${target.id}/` }),
    },
    addFeedbackAttachment: {
      owned: true,
      target: byId(() => w.feedback),
      fresh: () => freshFeedback(),
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/feedback/${target.id}/add_attachment/`,
        ...multipart(png, 'plate.png', 'image/png'),
      }),
    },
    removeFeedbackAttachment: {
      owned: true,
      target: byId(() => w.feedback),
      fresh: () => freshFeedback(true),
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({
        method: 'DELETE',
        url: `/api/feedback/${target.id}/remove_attachment/`,
      }),
    },
    getFeedbackAttachmentFile: {
      owned: true,
      target: byId(() => w.attachment),
      request: get((target) => `/api/feedback/attachments/${target.id}/file/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.headers['content-type']).toBe('image/png');
      },
    },
    adminListFeedback: plain('/api/feedback/admin/feedback/'),
    adminFeedbackDashboardStats: plain('/api/feedback/admin/feedback/dashboard_stats/'),
    adminPendingResponses: plain('/api/feedback/admin/feedback/pending_responses/'),
    adminUrgentComplaints: plain('/api/feedback/admin/feedback/urgent_complaints/'),
    adminPrioritySummary: plain('/api/feedback/admin/feedback/priority_summary/'),
    adminRecentActivity: plain('/api/feedback/admin/feedback/recent_activity/'),
    adminGetFeedback: {
      target: byId(() => w.feedback),
      request: get((target) => `/api/feedback/admin/feedback/${target.id}/`),
    },
    adminRespondFeedback: {
      target: byId(() => w.feedback),
      fresh: () => freshFeedback(),
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/feedback/admin/feedback/${target.id}/respond/`,
        body: { admin_response: 'Thank you, noted.' },
      }),
    },
    adminUpdateFeedbackStatus: {
      target: byId(() => w.feedback),
      fresh: async () => {
        const target = await freshFeedback();
        expect((await api.respond(target.id as number)).status).toBe(200);
        return target;
      },
      snapshot: ownerRead((target) => `/api/feedback/admin/feedback/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/feedback/admin/feedback/${target.id}/update_status/`,
        body: { status: 'resolved' },
      }),
    },

    // ----- payments ------------------------------------------------------------------------------
    listPayments: {
      request: () => ({ method: 'GET', url: '/api/payments/payments/' }),
      check: listing(() => w.active.paymentId, false),
    },
    getPayment: {
      owned: true,
      target: byId(() => w.active.paymentId),
      request: get((target) => `/api/payments/payments/${target.id}/`),
    },
    getPaymentReceipt: {
      owned: true,
      target: byId(() => w.active.paymentId),
      request: get((target) => `/api/payments/payments/${target.id}/receipt/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.headers['content-type']).toMatch(/^text\/html/);
      },
    },
    getPaymentReceiptPdf: {
      owned: true,
      target: byId(() => w.active.paymentId),
      request: get((target) => `/api/payments/payments/${target.id}/receipt_pdf/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.headers['content-type']).toBe('application/pdf');
      },
    },
    listOrders: {
      request: () => ({ method: 'GET', url: '/api/payments/orders/' }),
      check: listing(() => w.pending.orderId, false, 'order_id'),
    },
    createOrder: {
      // The body names the owner's unpaid subscription; its open order is reused (200).
      owned: true,
      ok: [200, 201],
      target: byId(() => w.pending.subscriptionId),
      request: (target) => ({
        method: 'POST',
        url: '/api/payments/orders/',
        body: { subscription: target.id },
      }),
    },
    verifyPayment: {
      owned: true,
      target: () => ({ id: w.pending.orderId, owner: w.alice, fields: w.pending.fields }),
      fresh: async () => {
        const pending = await api.pendingSubscription(w.alice);
        const { fields } = await api.checkoutFields(w.alice, pending.subscriptionId);
        return { id: fields.razorpay_order_id, owner: w.alice, fields };
      },
      snapshot: ownerRead(() => `/api/subscriptions/subscriptions/${w.pending.subscriptionId}/`),
      request: (target) => ({
        method: 'POST',
        url: '/api/payments/orders/verify_payment/',
        body: { ...target.fields, razorpay_order_id: target.id },
      }),
    },
    paymentWebhook: {
      request: () => {
        webhookCounter += 1;
        const raw = JSON.stringify({
          event: 'payment.authorized',
          payload: { payment: { entity: { id: `pay_mx${webhookCounter}` } } },
        });
        return {
          method: 'POST',
          url: '/api/payments/webhook/',
          raw,
          headers: {
            'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
            'x-razorpay-event-id': `evt_matrix_${webhookCounter}`,
          },
        };
      },
    },
    sandboxPay: {
      owned: true,
      target: () => ({ id: w.pending.orderId, owner: w.alice }),
      request: (target) => ({
        method: 'POST',
        url: '/api/payments/sandbox/pay/',
        body: { order_id: target.id, outcome: 'success' },
      }),
    },
    listMyPaymentLinks: {
      request: () => ({ method: 'GET', url: '/api/payments/payment-links/' }),
      check: listing(() => w.link.id, false),
    },
    sandboxGetPaymentLink: {
      target: () => ({ id: w.link.linkId, owner: w.alice }),
      request: get((target) => `/api/payments/sandbox/links/${target.id}/`),
    },
    sandboxPayPaymentLink: {
      // A declined payment: refused for everyone, and the link is left as it was.
      ok: 400,
      target: () => ({ id: w.link.linkId, owner: w.alice }),
      snapshot: ownerRead(() => `/api/payments/admin/payment-links/${w.link.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/sandbox/links/${target.id}/pay/`,
        body: { outcome: 'failure' },
      }),
    },
    ownerListPaymentLinks: {
      request: () => ({ method: 'GET', url: '/api/payments/admin/payment-links/' }),
      check: listing(() => w.link.id, true),
    },
    ownerCreatePaymentLink: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/payments/admin/payment-links/',
        body: { subscription: w.pending.subscriptionId, amount: 1 },
      }),
    },
    ownerGetPaymentLink: {
      target: () => ({ id: w.link.id, owner: w.alice }),
      request: get((target) => `/api/payments/admin/payment-links/${target.id}/`),
    },
    ownerCancelPaymentLink: {
      target: () => ({ id: w.link.id, owner: w.alice }),
      fresh: async () => ({ id: (await newLink()).id, owner: w.alice }),
      snapshot: ownerRead(() => `/api/payments/admin/payment-links/${w.link.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/admin/payment-links/${target.id}/cancel/`,
      }),
    },
    ownerCreateCounterQr: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/payments/admin/counter-qr/',
        body: { subscription: w.pending.subscriptionId, amount: 1 },
      }),
    },
    ownerGetCounterQr: {
      target: () => ({ id: w.qr.id, owner: w.alice }),
      request: get((target) => `/api/payments/admin/counter-qr/${target.id}/`),
    },
    ownerCloseCounterQr: {
      target: () => ({ id: w.qr.id, owner: w.alice }),
      fresh: async () => ({ id: (await newQr()).id, owner: w.alice }),
      snapshot: ownerRead(() => `/api/payments/admin/counter-qr/${w.qr.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/admin/counter-qr/${target.id}/close/`,
      }),
    },
    sandboxPayCounterQr: {
      // A declined scan: refused for everyone, and the QR is left as it was.
      ok: 400,
      snapshot: ownerRead(() => `/api/payments/admin/counter-qr/${w.qr.id}/`),
      request: () => ({
        method: 'POST',
        url: '/api/payments/sandbox/qr-codes/pay/',
        body: { upi_uri: w.qr.upiUri, outcome: 'failure' },
      }),
    },
    subscriptionUpiQr: {
      owned: true,
      target: byId(() => w.pending.subscriptionId),
      request: get((target) => `/api/subscriptions/subscriptions/${target.id}/upi_qr/`),
    },
    adminListPayments: plain('/api/payments/admin/payments/'),
    adminRecentPayments: plain('/api/payments/admin/payments/recent_payments/'),
    getBillingDetails: plain('/api/accounts/profile/billing/'),
    getMyConsents: {
      ...plain('/api/accounts/consents/'),
      check: (answer, me) => {
        if (answer.status === 200) expect(answer.body).toHaveLength(6);
        if (me.caller === 'mess_owner') expect(answer.status).toBe(403);
      },
    },
    updateMyConsent: {
      request: () => ({
        method: 'PUT',
        url: '/api/accounts/consents/',
        body: { channel: 'email', purpose: 'promotions', granted: false },
      }),
    },
    // The owner records spoken consent once, for alice's SMS promotions; everyone else is refused.
    ownerRecordConsent: {
      ok: 201,
      target: byId(() => w.alice.id),
      // The owner and a manager may each record it: each on a customer of their own.
      fresh: async () => {
        const who = await newOwner();
        return { id: who.id, owner: who };
      },
      snapshot: async () =>
        (await t.request('GET', '/api/accounts/consents/', { token: w.alice.access })).body,
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/customers/${target.id}/consents/`,
        body: { channel: 'sms', purpose: 'promotions', recorded_by: 'Meena (owner)' },
      }),
    },
    ownerCustomerConsents: {
      target: byId(() => w.alice.id),
      request: get((target) => `/api/owner/customers/${target.id}/consents/`),
      check: (answer, me) => {
        if (me.caller === 'mess_owner') expect(answer.body).toHaveLength(6);
      },
    },
    // The owner withdraws a customer's WhatsApp consent for them: each success on a customer of its
    // own who had agreed; everyone else is refused and alice's consents stay as they are.
    ownerWithdrawConsent: {
      target: byId(() => w.alice.id),
      fresh: async () => {
        const who = await newOwner();
        const granted = await t.request('PUT', '/api/accounts/consents/', {
          token: who.access,
          body: { channel: 'whatsapp', purpose: 'service', granted: true },
        });
        expect(granted.status).toBe(200);
        return { id: who.id, owner: who };
      },
      snapshot: async () =>
        (await t.request('GET', '/api/accounts/consents/', { token: w.alice.access })).body,
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/customers/${target.id}/consents/withdraw/`,
        body: { channel: 'whatsapp', purpose: 'service' },
      }),
      check: (answer, me) => {
        if (me.caller !== 'mess_owner') return;
        const whatsapp = answer.body.find(
          (c: { channel: string; purpose: string }) =>
            c.channel === 'whatsapp' && c.purpose === 'service',
        );
        expect(whatsapp).toMatchObject({ status: 'withdrawn', withdraw_method: 'owner' });
      },
    },
    ownerListWhatsappMessages: plain('/api/owner/whatsapp/messages/'),
    ownerWhatsappUsage: plain('/api/owner/whatsapp/usage/'),
    listMyWhatsappMessages: plain('/api/notifications/whatsapp/'),
    whatsappWebhookVerify: {
      request: () => ({
        method: 'GET',
        url: `/api/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY}&hub.challenge=4242`,
      }),
      check: (answer) => expect(answer.text).toBe('4242'),
    },
    whatsappWebhook: {
      request: () => {
        webhookCounter += 1;
        const raw = JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: 'waba',
              changes: [
                {
                  field: 'messages',
                  value: {
                    statuses: [
                      { id: `wamid.matrix${webhookCounter}`, status: 'delivered', timestamp: '1' },
                    ],
                  },
                },
              ],
            },
          ],
        });
        const digest = createHmac('sha256', WHATSAPP_SECRET).update(raw).digest('hex');
        return {
          method: 'POST',
          url: '/api/whatsapp/webhook/',
          raw,
          headers: { 'x-hub-signature-256': `sha256=${digest}` },
        };
      },
    },
    updateBillingDetails: {
      request: () => ({
        method: 'PUT',
        url: '/api/accounts/profile/billing/',
        body: { gstin: null, billing_address: null },
      }),
    },
    ownerPaymentsReport: [
      plain('/api/owner/reports/payments/?from=2026-01-01&to=2026-12-31'),
      { ...plain('/api/owner/reports/payments/?from=2026-01-01&to=2026-12-31&format=csv') },
    ],
    // Without BUSINESS_GSTIN the owner learns that GST reports need it; customers are refused.
    ownerGstReport: { ok: 404, ...plain('/api/owner/reports/gst/?from=2026-01-01&to=2026-12-31') },
    listCreditNotes: {
      request: () => ({ method: 'GET', url: '/api/payments/credit_notes/' }),
      check: listing(() => w.creditNote, true),
    },
    getCreditNoteDocument: {
      owned: true,
      target: byId(() => w.creditNote),
      request: get((target) => `/api/payments/credit_notes/${target.id}/document/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.headers['content-type']).toMatch(/^text\/html/);
      },
    },
    getCreditNotePdf: {
      owned: true,
      target: byId(() => w.creditNote),
      request: get((target) => `/api/payments/credit_notes/${target.id}/pdf/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.headers['content-type']).toBe('application/pdf');
      },
    },
    adminFailedPayments: plain('/api/payments/admin/payments/failed_payments/'),
    adminGetPayment: {
      target: byId(() => w.active.paymentId),
      request: get((target) => `/api/payments/admin/payments/${target.id}/`),
      check: (answer) => {
        if (answer.status === 403) {
          expect(answer.body.detail).toBe(
            'Unauthorized Access: You do not have permission to access payment details.',
          );
        }
      },
    },
    adminEnrolWalkIn: {
      ok: 201,
      request: () => {
        walkInCounter += 1;
        return {
          method: 'POST',
          url: '/api/payments/admin/walk-ins/',
          body: {
            first_name: 'Counter',
            phone: `76${String(Date.now() % 1_000_000).padStart(6, '0')}${String(walkInCounter).padStart(2, '0')}`,
            user_type: 'regular',
            plan: w.plan.id,
            amount: 0,
            payment_mode: 'cash',
            start: 'when_paid',
          },
        };
      },
      check: (answer) => {
        if (answer.status !== 201) return;
        expect(answer.body.customer.first_name).toBe('Counter');
      },
    },
    adminResendWalkInClaim: {
      fresh: async () => ({ id: (await walkIn()).userId, owner: w.alice }),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/admin/walk-ins/${target.id}/resend_claim/`,
      }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.claim.status).toBe('OPEN');
      },
    },
    adminRecordOfflinePayment: {
      ok: 201,
      // Refused callers meet the shared unpaid subscription, which stays unpaid; the owner records
      // cash for a new one each time.
      target: () => ({ id: w.pending.subscriptionId, owner: w.alice, amount: 3000 }),
      fresh: async () => {
        const who = await newOwner();
        const pending = await api.pendingSubscription(who);
        return { id: pending.subscriptionId, owner: who, amount: pending.subscription.total_paid };
      },
      snapshot: ownerRead((target) => `/api/subscriptions/subscriptions/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: '/api/payments/admin/payments/record_offline/',
        body: { subscription: target.id, amount: target.amount, payment_mode: 'cash' },
      }),
      check: (answer, _me, target) => {
        if (answer.status !== 201) return;
        expect(answer.body.subscription).toMatchObject({ id: target.id, status: 'ACTIVE' });
      },
    },

    // ----- refunds -------------------------------------------------------------------------------
    listRefunds: {
      request: () => ({ method: 'GET', url: '/api/payments/refunds/' }),
      check: listing(() => w.cancelled.refundId, true),
    },
    createRefund: {
      // The body names the owner's cancelled subscription.
      owned: true,
      hiddenAs: 400,
      ok: 201,
      target: byId(() => w.cancelled.subscriptionId),
      // Cancelling always creates the refund; without it (the one step the API cannot take) the
      // owner may ask for one.
      fresh: async () => {
        const cancelled = await freshCancelled();
        await t.ctx.db.kysely
          .deleteFrom('refunds')
          .where('id', '=', Number(cancelled.id))
          .execute();
        return { id: cancelled.subscriptionId, owner: w.alice };
      },
      request: (target) => ({
        method: 'POST',
        url: '/api/payments/refunds/',
        body: { subscription: target.id },
      }),
    },
    updateRefund: {
      owned: true,
      target: byId(() => w.cancelled.refundId),
      fresh: () => freshCancelled(),
      snapshot: ownerRead((target) => `/api/payments/refunds/${target.id}/`),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/payments/refunds/${target.id}/`,
        body: { payout: { method: 'upi', upi_id: 'someone@okaxis' } },
      }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.payout.upi_id).toBe('someone@okaxis');
      },
    },
    getRefundPayout: {
      target: byId(() => w.approvedRefund),
      request: get((target) => `/api/payments/refunds/${target.id}/payout/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.upi_id).toBe('alice@okaxis');
      },
    },
    pendingRefunds: plain('/api/payments/refunds/pending/'),
    approvedRefunds: plain('/api/payments/refunds/approved/'),
    getRefund: {
      owned: true,
      target: byId(() => w.cancelled.refundId),
      request: get((target) => `/api/payments/refunds/${target.id}/`),
    },
    approveRefund: {
      target: byId(() => w.cancelled.refundId),
      fresh: () => freshCancelled(),
      snapshot: ownerRead((target) => `/api/payments/refunds/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/refunds/${target.id}/approve/`,
        body: { admin_comment: 'Approved' },
      }),
    },
    rejectRefund: {
      target: byId(() => w.cancelled.refundId),
      fresh: () => freshCancelled(),
      snapshot: ownerRead((target) => `/api/payments/refunds/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/refunds/${target.id}/reject/`,
        body: { admin_comment: 'Rejected' },
      }),
    },
    markRefundPaid: {
      target: byId(() => w.approvedRefund),
      fresh: async () => {
        const target = await freshCancelled();
        const approved = await api.refundAction(target.id as number, 'approve', {
          admin_comment: 'ok',
        });
        expect(approved.status).toBe(200);
        return target;
      },
      snapshot: ownerRead((target) => `/api/payments/refunds/${target.id}/`),
      request: (target) => ({
        method: 'POST',
        url: `/api/payments/refunds/${target.id}/mark_paid/`,
        body: { admin_comment: 'Paid by UPI', utr: 'UTR123456' },
      }),
    },

    // ----- notifications -------------------------------------------------------------------------
    listNotificationLogs: {
      request: () => ({ method: 'GET', url: '/api/notifications/logs/' }),
      check: listing(() => w.notification, false),
    },
    listNotificationEvents: {
      request: () => ({ method: 'GET', url: '/api/notifications/events/' }),
      check: listing(() => w.notificationEvent, false),
    },
    notificationLogsByType: plain('/api/notifications/logs/by_type/'),
    notificationLogStats: plain('/api/notifications/logs/stats/'),
    getNotificationLog: {
      // Everyone reads only their own log, the mess owner and staff included.
      owned: true,
      expect: { mess_owner: 'hidden', manager: 'hidden', kitchen: 'hidden', delivery: 'hidden' },
      target: byId(() => w.notification),
      request: get((target) => `/api/notifications/logs/${target.id}/`),
    },

    // ----- privacy: the data download and erasure ----------------------------------------------
    exportMyData: {
      ...plain('/api/accounts/data-export/'),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        expect(answer.headers['content-disposition']).toContain(
          `dabba-data_${me.customer!.username}_`,
        );
        expect(answer.body.profile.id).toBe(me.customer!.id);
      },
    },
    getMyErasureRequest: plain('/api/accounts/erasure-request/'),
    // Each customer asks once, then cancels again so that later cases find the account as it was.
    requestErasure: {
      ok: 201,
      request: (_target, me) => ({
        method: 'POST',
        url: '/api/accounts/erasure-request/',
        body: { password: me.customer?.password ?? 'not-a-customer-1' },
      }),
      check: (answer) => {
        if (answer.status === 201) expect(answer.body.request.status).toBe('requested');
      },
      after: async (answer, me) => {
        if (answer.status !== 201) return;
        const cancelled = await t.request('POST', '/api/accounts/erasure-request/cancel/', {
          token: me.token,
        });
        expect(cancelled.status).toBe(200);
      },
    },
    cancelErasureRequest: {
      // Each customer allowed to cancel first asks (as themself) for a request to cancel.
      fresh: async (caller) => {
        const target = alice();
        const me = identity(caller, target);
        if (me.customer) await newErasureRequest(me.customer);
        return target;
      },
      request: () => ({ method: 'POST', url: '/api/accounts/erasure-request/cancel/' }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.request.status).toBe('cancelled');
      },
    },
    ownerListErasureRequests: {
      ...plain('/api/owner/erasure-requests/'),
      check: (answer) => {
        if (answer.status === 200) expect(idsOf(answer.body)).toContain(w.erasure);
      },
    },
    ownerCompleteErasure: {
      target: byId(() => w.erasure),
      fresh: async () => {
        const who = await newOwner();
        return { id: await newErasureRequest(who), owner: who };
      },
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/erasure-requests/${target.id}/complete/`,
      }),
      snapshot: (target) =>
        t.ctx.db.kysely
          .selectFrom('erasure_requests')
          .select('status')
          .where('id', '=', target.id as number)
          .executeTakeFirst(),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.status).toBe('completed');
      },
    },

    // ----- staff ---------------------------------------------------------------------------------
    ownerListStaff: {
      request: () => ({ method: 'GET', url: '/api/owner/staff/' }),
      check: (answer) => {
        if (answer.status === 200) expect(idsOf(answer.body)).toContain(w.manager.id);
      },
    },
    ownerAddStaff: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/owner/staff/',
        body: { first_name: 'Added', last_name: 'Matrix', phone: staffPhone(), role: 'delivery' },
      }),
      check: (answer) => {
        if (answer.status === 201)
          expect(answer.body).toMatchObject({ role: 'delivery', status: 'invited' });
      },
    },
    ownerGetStaff: {
      target: byId(() => w.manager.id),
      request: get((target) => `/api/owner/staff/${target.id}/`),
      check: (answer) => {
        if (answer.status === 200)
          expect(answer.body).toMatchObject({ role: 'manager', status: 'active' });
      },
    },
    ownerUpdateStaff: {
      target: byId(() => w.invitedStaff),
      request: (target) => ({
        method: 'PATCH',
        url: `/api/owner/staff/${target.id}/`,
        body: { last_name: 'Renamed' },
      }),
      snapshot: (target) =>
        t.ctx.db.kysely
          .selectFrom('users')
          .select(['last_name', 'user_type'])
          .where('id', '=', target.id as number)
          .executeTakeFirst(),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.last_name).toBe('Renamed');
      },
    },
    ownerDeactivateStaff: {
      target: byId(() => w.invitedStaff),
      fresh: async () => ({ id: await newStaff(), owner: w.alice }),
      request: (target) => ({ method: 'POST', url: `/api/owner/staff/${target.id}/deactivate/` }),
      snapshot: ownerRead((target) => `/api/owner/staff/${target.id}/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.status).toBe('deactivated');
      },
    },
    ownerReactivateStaff: {
      target: byId(() => w.deactivatedStaff),
      fresh: async () => ({ id: await newStaff(true), owner: w.alice }),
      request: (target) => ({ method: 'POST', url: `/api/owner/staff/${target.id}/reactivate/` }),
      snapshot: ownerRead((target) => `/api/owner/staff/${target.id}/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.status).toBe('invited');
      },
    },
    ownerResendStaffInvite: {
      target: byId(() => w.invitedStaff),
      fresh: async () => ({ id: await newStaff(), owner: w.alice }),
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/staff/${target.id}/resend_invite/`,
      }),
      snapshot: ownerRead((target) => `/api/owner/staff/${target.id}/`),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body.status).toBe('invited');
      },
    },

    // ----- audit ---------------------------------------------------------------------------------
    listAuditLog: plain('/api/audit/'),

    // ----- delivery routes -----------------------------------------------------------------------
    ownerListRoutes: {
      request: () => ({ method: 'GET', url: '/api/owner/routes/' }),
      check: (answer) => {
        if (answer.status === 200) expect(idsOf(answer.body)).toContain(w.route);
      },
    },
    ownerCreateRoute: {
      ok: 201,
      request: () => ({
        method: 'POST',
        url: '/api/owner/routes/',
        body: { name: `Matrix route ${randomUUID()}`, areas: ['KIET'], riders: [] },
      }),
    },
    ownerGetRoute: {
      target: byId(() => w.route),
      request: get((target) => `/api/owner/routes/${target.id}/`),
      check: (answer) => {
        if (answer.status !== 200) return;
        expect(answer.body.riders).toEqual([expect.objectContaining({ id: w.rider.id })]);
      },
    },
    ownerUpdateRoute: {
      target: byId(() => w.route),
      snapshot: ownerRead((target) => `/api/owner/routes/${target.id}/`),
      fresh: async () => ({ id: (await newRoute([])).id, owner: w.alice }),
      request: (target) => ({
        method: 'PUT',
        url: `/api/owner/routes/${target.id}/`,
        body: { name: `Matrix route ${randomUUID()}`, areas: ['KIET'], riders: [w.rider.id] },
      }),
    },
    ownerDeleteRoute: {
      ok: 204,
      target: byId(() => w.route),
      fresh: async () => ({ id: (await newRoute([])).id, owner: w.alice }),
      snapshot: ownerRead((target) => `/api/owner/routes/${target.id}/`),
      request: (target) => ({ method: 'DELETE', url: `/api/owner/routes/${target.id}/` }),
    },
    deliveryListRoutes: {
      request: () => ({ method: 'GET', url: '/api/delivery/routes/' }),
      check: (answer, me) => {
        if (answer.status !== 200) return;
        const ids = idsOf(answer.body);
        expect(ids).toContain(w.route);
        // A rider sees only the routes they ride.
        expect(ids.includes(w.otherRoute)).toBe(me.caller !== 'delivery');
      },
    },
    deliveryListRiders: {
      request: () => ({ method: 'GET', url: '/api/delivery/riders/' }),
      check: (answer) => {
        if (answer.status !== 200) return;
        const ids = idsOf(answer.body);
        // The active riders only: not an invited or deactivated account, nor another role.
        expect(ids).toContain(w.rider.id);
        expect(ids).not.toContain(w.invitedStaff);
        expect(ids).not.toContain(w.deactivatedStaff);
        expect(ids).not.toContain(w.kitchen.id);
      },
    },
    deliveryReorderStops: [
      {
        label: "the rider's route",
        target: byId(() => w.route),
        request: (target) => ({
          method: 'PUT',
          url: `/api/delivery/routes/${target.id}/order/`,
          body: { customer_ids: [w.alice.id] },
        }),
      },
      {
        label: 'a route the rider does not ride',
        expect: { delivery: 'hidden' },
        target: byId(() => w.otherRoute),
        snapshot: ownerRead((target) => `/api/owner/routes/${target.id}/`),
        fresh: async () => ({ id: (await newRoute([])).id, owner: w.alice }),
        request: (target) => ({
          method: 'PUT',
          url: `/api/delivery/routes/${target.id}/order/`,
          body: { customer_ids: [w.alice.id] },
        }),
      },
    ],
    deliveryRunSheet: [
      {
        label: "the rider's route",
        target: byId(() => w.route),
        request: get(
          (target) => `/api/delivery/run/?route=${target.id}&date=${t.ctx.today()}&meal=lunch`,
        ),
      },
      {
        label: 'a route the rider does not ride',
        expect: { delivery: 'hidden' },
        target: byId(() => w.otherRoute),
        request: get(
          (target) => `/api/delivery/run/?route=${target.id}&date=${t.ctx.today()}&meal=lunch`,
        ),
      },
    ],
    deliveryPostMarks: {
      // Alice eats at the mess: on no run sheet, so the mark is refused and nothing is stored.
      request: () => ({
        method: 'POST',
        url: '/api/delivery/marks/',
        body: {
          marks: [
            {
              id: randomUUID(),
              route: w.route,
              date: t.ctx.today(),
              meal: 'lunch',
              customer: w.alice.id,
              event: 'delivered',
              marked_at: t.clock.now().toISOString(),
            },
          ],
        },
      }),
      check: (answer) => {
        if (answer.status !== 200) return;
        expect(answer.body.results[0]).toMatchObject({
          status: 'refused',
          error_code: 'delivery_stop.not_on_run_sheet',
        });
      },
    },
    ownerListCashCollections: plain('/api/owner/cash-collections/?status=pending'),
    ownerConfirmCashCollection: {
      target: () => w.cash,
      fresh: newCashCollection,
      snapshot: async () =>
        t.ctx.db.kysely
          .selectFrom('cash_collections')
          .select(['id', 'status'])
          .where('id', '=', Number(w.cash.id))
          .execute(),
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/cash-collections/${target.id}/confirm/`,
      }),
      check: (answer) => {
        if (answer.status === 200)
          expect(answer.body).toMatchObject({ status: 'confirmed', amount: 100 });
      },
    },
    ownerRejectCashCollection: {
      target: () => w.cash,
      fresh: newCashCollection,
      snapshot: async () =>
        t.ctx.db.kysely
          .selectFrom('cash_collections')
          .select(['id', 'status'])
          .where('id', '=', Number(w.cash.id))
          .execute(),
      request: (target) => ({
        method: 'POST',
        url: `/api/owner/cash-collections/${target.id}/reject/`,
        body: { reason: 'Not collected' },
      }),
      check: (answer) => {
        if (answer.status === 200) expect(answer.body).toMatchObject({ status: 'rejected' });
      },
    },
    ownerDeliveryProgress: {
      request: () => ({
        method: 'GET',
        url: `/api/owner/deliveries/?date=${t.ctx.today()}&meal=lunch`,
      }),
      check: (answer) => {
        if (answer.status !== 200) return;
        expect(answer.body.routes.map((route: { route: number }) => route.route)).toContain(
          w.route,
        );
      },
    },
  };

  let png: Buffer;
  beforeAll(async () => {
    png = await samplePng();
  });

  function identity(caller: Caller, target: Target): Me {
    switch (caller) {
      case 'anonymous':
        return { caller, token: null, customer: null };
      case 'forged':
        return { caller, token: w.forged, customer: null };
      case 'revoked':
        return { caller, token: w.revoked, customer: null };
      case 'mess_owner':
        return { caller, token: ownerToken, customer: null };
      case 'owner_customer':
        return { caller, token: target.owner.access, customer: target.owner };
      case 'manager':
      case 'kitchen':
      case 'delivery':
        return { caller, token: w[caller].access, customer: null, staff: w[caller] };
      default: {
        const who = w[caller];
        return { caller, token: who.access, customer: who };
      }
    }
  }

  /** The answer with the object's id (as a value, or a word inside a text) written `<id>`. */
  const normalize = (answer: Answer, id: number | string) => {
    const word = new RegExp(`\\b${String(id)}\\b`, 'g');
    return JSON.stringify({ status: answer.status, body: answer.body }, (_key, value: unknown) =>
      value === id ? '<id>' : typeof value === 'string' ? value.replace(word, '<id>') : value,
    );
  };

  async function runCase(operation: OperationRoute, entry: Case) {
    const outcomes = new Map(
      CALLERS.map((caller) => [
        caller,
        entry.expect?.[caller] ?? defaultOutcome(operation, entry, caller),
      ]),
    );
    // Refused callers first, on the shared object; then the callers who succeed, on fresh ones.
    const order = [...CALLERS].sort(
      (a, b) => Number(isSuccess(outcomes.get(a)!)) - Number(isSuccess(outcomes.get(b)!)),
    );
    const shared = entry.target?.() ?? alice();
    const before = entry.snapshot ? await entry.snapshot(shared) : undefined;
    const got: Record<string, unknown> = {};
    const want: Record<string, unknown> = {};
    let snapshotChecked = false;
    for (const caller of order) {
      const outcome = outcomes.get(caller)!;
      const success = isSuccess(outcome);
      if (success && !snapshotChecked && entry.snapshot) {
        expect({ unchangedByRefusedCalls: await entry.snapshot(shared) }).toEqual({
          unchangedByRefusedCalls: before,
        });
        snapshotChecked = true;
      }
      const target = success && entry.fresh ? await entry.fresh(caller) : shared;
      const me = identity(caller, target);
      const answer = await send(entry.request(target, me), me.token);
      got[caller] = answer.status;
      if (outcome === 'hidden') {
        // Exactly what the same caller hears about an object that does not exist.
        const missingId = typeof target.id === 'number' ? MISSING_ID : MISSING_ORDER;
        const missing = await send(entry.request({ ...target, id: missingId }, me), me.token);
        want[caller] = entry.hiddenAs ?? 404;
        expect(normalize(answer, target.id), `${caller} must not learn the object exists`).toBe(
          normalize(missing, missingId),
        );
      } else if (typeof outcome === 'number') {
        want[caller] = outcome;
      } else {
        want[caller] = outcome.includes(answer.status) ? answer.status : outcome;
      }
      if (want[caller] === answer.status) {
        await entry.check?.(answer, me, target);
        await entry.after?.(answer, me, target);
      }
    }
    if (!snapshotChecked && entry.snapshot) {
      expect(await entry.snapshot(shared)).toEqual(before);
    }
    return { got, want };
  }

  it('has exactly one entry per operation of the contract', () => {
    const operationIds = contract.operations.map((operation) => operation.operationId).sort();
    expect(operationIds).toHaveLength(188);
    expect(Object.keys(table).sort()).toEqual(operationIds);
  });

  describe('every operation × every caller', () => {
    for (const operation of contract.operations) {
      it(`${operation.operationId}: ${operation.method} ${operation.path}`, async () => {
        const entry = table[operation.operationId as OperationId];
        expect(entry, `no matrix entry for ${operation.operationId}`).toBeDefined();
        const cases = Array.isArray(entry) ? entry : [entry];
        const results: Record<string, unknown> = {};
        const expected: Record<string, unknown> = {};
        for (const [index, one] of cases.entries()) {
          const label = one.label ?? `case ${index + 1}`;
          const { got, want } = await runCase(operation, one);
          results[label] = got;
          expected[label] = want;
        }
        expect(results).toEqual(expected);
      });
    }
  });

  describe('none of these can ever happen', () => {
    type Attempt = [label: string, call: Call, token: string | null];
    /** Every attempt must be refused with a 4xx; returns the statuses for a readable failure. */
    async function allRefused(attempts: Attempt[]) {
      const statuses: Record<string, number> = {};
      for (const [label, call, token] of attempts) {
        statuses[label] = (await send(call, token)).status;
      }
      const refused = Object.fromEntries(
        Object.entries(statuses).map(([label, status]) => [label, status >= 400 && status < 500]),
      );
      expect({ statuses, refused }).toEqual({
        statuses,
        refused: Object.fromEntries(Object.keys(statuses).map((label) => [label, true])),
      });
      return statuses;
    }
    const noRoute = [404, 405];
    const subscriptionOf = async (id: number) =>
      (await asOwner(`/api/subscriptions/subscriptions/${id}/`)).body;

    it('a customer sets a subscription ACTIVE', async () => {
      const c = await newOwner();
      const pending = await api.pendingSubscription(c);
      const id = pending.subscriptionId;
      const url = `/api/subscriptions/subscriptions/${id}/`;
      const order = await api.order(c, id);
      expect(order.status).toBe(201);
      const orderId = order.body.order_id as string;
      // A second unpaid subscription with a genuinely signed checkout of its own.
      const other = await api.pendingSubscription(c);
      const { fields: otherFields } = await api.checkoutFields(c, other.subscriptionId);
      const wrongSecret = createHmac('sha256', 'guessed-secret')
        .update(`${orderId}|pay_forged1`)
        .digest('hex');
      const captured = (amount: number) =>
        JSON.stringify({
          event: 'payment.captured',
          payload: { payment: { entity: { id: 'pay_forged2', order_id: orderId, amount } } },
        });
      const statuses = await allRefused([
        ['PATCH status', { method: 'PATCH', url, body: { status: 'ACTIVE' } }, c.access],
        ['PUT status', { method: 'PUT', url, body: { status: 'ACTIVE' } }, c.access],
        ['POST status', { method: 'POST', url, body: { status: 'ACTIVE' } }, c.access],
        [
          'create with status',
          {
            method: 'POST',
            url: '/api/subscriptions/subscriptions/',
            body: { plan: pending.plan.id, status: 'ACTIVE' },
          },
          c.access,
        ],
        [
          'create with dates',
          {
            method: 'POST',
            url: '/api/subscriptions/subscriptions/',
            body: {
              plan: pending.plan.id,
              start_date: t.ctx.today(),
              adjusted_end_date: addDays(t.ctx.today(), 30),
            },
          },
          c.access,
        ],
        [
          'order with status',
          {
            method: 'POST',
            url: '/api/payments/orders/',
            body: { subscription: id, status: 'paid' },
          },
          c.access,
        ],
        [
          'order with an amount',
          { method: 'POST', url: '/api/payments/orders/', body: { subscription: id, amount: 1 } },
          c.access,
        ],
        [
          'verify with a made-up signature',
          {
            method: 'POST',
            url: '/api/payments/orders/verify_payment/',
            body: {
              razorpay_order_id: orderId,
              razorpay_payment_id: 'pay_forged1',
              razorpay_signature: 'f'.repeat(64),
            },
          },
          c.access,
        ],
        [
          'verify signed with a guessed secret',
          {
            method: 'POST',
            url: '/api/payments/orders/verify_payment/',
            body: {
              razorpay_order_id: orderId,
              razorpay_payment_id: 'pay_forged1',
              razorpay_signature: wrongSecret,
            },
          },
          c.access,
        ],
        [
          "verify with another order's signature",
          {
            method: 'POST',
            url: '/api/payments/orders/verify_payment/',
            body: { ...otherFields, razorpay_order_id: orderId },
          },
          c.access,
        ],
        [
          'verify with a status field',
          {
            method: 'POST',
            url: '/api/payments/orders/verify_payment/',
            body: { ...otherFields, razorpay_order_id: orderId, status: 'SUCCESS' },
          },
          c.access,
        ],
        [
          'sandbox pay with a status field',
          {
            method: 'POST',
            url: '/api/payments/sandbox/pay/',
            body: { order_id: orderId, outcome: 'success', status: 'ACTIVE' },
          },
          c.access,
        ],
        [
          'unsigned webhook',
          {
            method: 'POST',
            url: '/api/payments/webhook/',
            raw: captured(300_000),
          },
          c.access,
        ],
        [
          'webhook signed with a guessed secret',
          {
            method: 'POST',
            url: '/api/payments/webhook/',
            raw: captured(300_000),
            headers: {
              'x-razorpay-signature': createHmac('sha256', 'whsec_guess')
                .update(captured(300_000))
                .digest('hex'),
            },
          },
          c.access,
        ],
        ['renew a pending one', { method: 'POST', url: `${url}renew/` }, c.access],
        ['cancel a pending one', { method: 'POST', url: `${url}cancel/` }, c.access],
        [
          'make the plan free',
          {
            method: 'PATCH',
            url: `/api/subscriptions/plans/${pending.plan.id}/`,
            body: { base_price: 0 },
          },
          c.access,
        ],
      ]);
      expect(statuses['PATCH status']).toSatisfy((status: number) => noRoute.includes(status));
      // The sandbox checkout alone signs fields but never activates anything.
      expect((await api.checkout(c, orderId)).status).toBe(200);
      expect(await subscriptionOf(id)).toMatchObject({
        status: 'PENDING_PAYMENT',
        start_date: null,
        adjusted_end_date: null,
      });
      const successes = await t.ctx.db.kysely
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', c.id)
        .where('status', '=', 'SUCCESS')
        .execute();
      expect(successes).toEqual([]);
      const active = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
        token: c.access,
      });
      expect(active.status).toBe(404);
    });

    it('a customer changes a refund', async () => {
      const c = await newOwner();
      const { refundId, subscriptionId } = await api.cancelledWithRefund(c);
      const url = `/api/payments/refunds/${refundId}/`;
      const before = (await asOwner(url)).body;
      await allRefused([
        [
          'approve',
          { method: 'POST', url: `${url}approve/`, body: { admin_comment: 'ok' } },
          c.access,
        ],
        [
          'reject',
          { method: 'POST', url: `${url}reject/`, body: { admin_comment: 'no' } },
          c.access,
        ],
        [
          'mark paid',
          { method: 'POST', url: `${url}mark_paid/`, body: { admin_comment: 'paid' } },
          c.access,
        ],
        [
          'approve by another customer',
          { method: 'POST', url: `${url}approve/`, body: { admin_comment: 'ok' } },
          w.stranger.access,
        ],
        ['PATCH', { method: 'PATCH', url, body: { status: 'APPROVED', amount: 99999 } }, c.access],
        ['PUT', { method: 'PUT', url, body: { status: 'PAID' } }, c.access],
        ['DELETE', { method: 'DELETE', url }, c.access],
        [
          'request again with an amount',
          {
            method: 'POST',
            url: '/api/payments/refunds/',
            body: { subscription: subscriptionId, amount: 99999 },
          },
          c.access,
        ],
        [
          'request again with a status',
          {
            method: 'POST',
            url: '/api/payments/refunds/',
            body: { subscription: subscriptionId, status: 'APPROVED' },
          },
          c.access,
        ],
        [
          'request again',
          { method: 'POST', url: '/api/payments/refunds/', body: { subscription: subscriptionId } },
          c.access,
        ],
      ]);
      expect((await asOwner(url)).body).toEqual(before);
      expect(before).toMatchObject({ status: 'PENDING', admin_comment: null });
    });

    it('a customer writes an admin response', async () => {
      const c = await newOwner();
      const id = await api.openFeedback(c);
      const adminUrl = `/api/feedback/admin/feedback/${id}/`;
      const before = (await asOwner(adminUrl)).body;
      await allRefused([
        [
          'respond',
          { method: 'POST', url: `${adminUrl}respond/`, body: { admin_response: 'Resolved!' } },
          c.access,
        ],
        [
          'respond and resolve',
          {
            method: 'POST',
            url: `${adminUrl}respond/`,
            body: { admin_response: 'Resolved!', status: 'resolved' },
          },
          c.access,
        ],
        [
          'update status',
          { method: 'PATCH', url: `${adminUrl}update_status/`, body: { status: 'resolved' } },
          c.access,
        ],
        [
          'edit with admin_response',
          { method: 'PATCH', url: `/api/feedback/${id}/`, body: { admin_response: 'Resolved!' } },
          c.access,
        ],
        [
          'edit with status',
          { method: 'PATCH', url: `/api/feedback/${id}/`, body: { status: 'resolved' } },
          c.access,
        ],
        [
          'edit with priority',
          { method: 'PATCH', url: `/api/feedback/${id}/`, body: { priority: 'urgent' } },
          c.access,
        ],
        [
          'PUT with admin_response',
          { method: 'PUT', url: `/api/feedback/${id}/`, body: { admin_response: 'Resolved!' } },
          c.access,
        ],
        [
          'respond on the customer route',
          {
            method: 'POST',
            url: `/api/feedback/${id}/respond/`,
            body: { admin_response: 'Resolved!' },
          },
          c.access,
        ],
        [
          'create with admin fields',
          {
            method: 'POST',
            url: '/api/feedback/',
            body: {
              subject: 'Dinner',
              message: 'Cold rice',
              admin_response: 'Sorry',
              status: 'resolved',
              priority: 'low',
            },
          },
          w.student.access,
        ],
      ]);
      const after = (await asOwner(adminUrl)).body;
      expect(after).toEqual(before);
      expect(after).toMatchObject({ admin_response: null, status: 'open' });
    });

    it('a customer edits an approved leave', async () => {
      const c = await newOwner();
      const active = await api.activeSubscription(c);
      const id = await api.pendingLeave(c, active.subscriptionId);
      expect((await api.leaveAction(id, 'approve', 'Enjoy')).status).toBe(200);
      const url = `/api/subscriptions/leaves/${id}/`;
      const before = (await asOwner(url)).body;
      const subscriptionBefore = await subscriptionOf(active.subscriptionId);
      await allRefused([
        ['edit the reason', { method: 'PATCH', url, body: { reason: 'Longer trip' } }, c.access],
        [
          'extend it',
          { method: 'PATCH', url, body: { leave_end_date: addDays(t.ctx.today(), 10) } },
          c.access,
        ],
        ['set its status', { method: 'PATCH', url, body: { status: 'PENDING' } }, c.access],
        ['PUT', { method: 'PUT', url, body: { reason: 'Longer trip' } }, c.access],
        ['delete it', { method: 'DELETE', url }, c.access],
        [
          'approve it again',
          { method: 'POST', url: `${url}approve/`, body: { admin_comment: 'again' } },
          c.access,
        ],
        [
          'reject it',
          { method: 'POST', url: `${url}reject/`, body: { admin_comment: 'undo' } },
          c.access,
        ],
      ]);
      expect((await asOwner(url)).body).toEqual(before);
      expect(before.status).toBe('APPROVED');
      expect(await subscriptionOf(active.subscriptionId)).toEqual(subscriptionBefore);
    });

    it('a customer deletes a subscription that is not pending', async () => {
      const c = await newOwner();
      const active = await api.activeSubscription(c);
      const expired = await api.activeSubscription(c);
      await api.endYesterday(expired.subscriptionId);
      const cancelled = await api.cancelledWithRefund(c);
      const ids = {
        ACTIVE: active.subscriptionId,
        EXPIRED: expired.subscriptionId,
        CANCELLED: cancelled.subscriptionId,
      };
      const attempts: Attempt[] = Object.entries(ids).map(([status, id]) => [
        status,
        { method: 'DELETE', url: `/api/subscriptions/subscriptions/${id}/` },
        c.access,
      ]);
      // Nor anybody else's, pending or not.
      attempts.push([
        "someone else's pending one",
        { method: 'DELETE', url: `/api/subscriptions/subscriptions/${w.pending.subscriptionId}/` },
        c.access,
      ]);
      const statuses = await allRefused(attempts);
      expect(statuses).toEqual({
        ACTIVE: 400,
        EXPIRED: 400,
        CANCELLED: 400,
        "someone else's pending one": 404,
      });
      for (const [status, id] of Object.entries(ids)) {
        expect(await subscriptionOf(id)).toMatchObject({ id, status });
      }
      expect(await subscriptionOf(w.pending.subscriptionId)).toMatchObject({
        status: 'PENDING_PAYMENT',
      });
    });

    it('anyone becomes mess_owner', async () => {
      const c = await newOwner();
      const registration = (extra: Record<string, unknown>) => {
        const phone = uniquePhone();
        return {
          username: `climber${phone}`,
          email: `climber${phone}@example.com`,
          phone: `+91${phone}`,
          password: 'secret-pass-1',
          confirm_password: 'secret-pass-1',
          user_type: 'regular',
          first_name: 'Would',
          last_name: 'Be',
          ...extra,
        };
      };
      const register = (label: string, body: unknown, token: string | null = null): Attempt => [
        label,
        { method: 'POST', url: '/api/accounts/register/', body },
        token,
      ];
      const profile = completeProfileBody({
        caller: 'owner_customer',
        token: c.access,
        customer: c,
      });
      const attempts: Attempt[] = [
        register('register as mess_owner', registration({ user_type: 'mess_owner' })),
        register('register as MESS_OWNER', registration({ user_type: 'MESS_OWNER' })),
        register('register with is_staff', registration({ is_staff: true })),
        register('register with is_superuser', registration({ is_superuser: true })),
        register('register with a role', registration({ role: 'mess_owner' })),
        register(
          'register as mess_owner, signed in as the owner',
          registration({ user_type: 'mess_owner' }),
          ownerToken,
        ),
        [
          'register with user_type twice',
          {
            method: 'POST',
            url: '/api/accounts/register/',
            raw: JSON.stringify(registration({})).replace(
              '"user_type":"regular"',
              '"user_type":"regular","user_type":"mess_owner"',
            ),
          },
          null,
        ],
        [
          'complete-profile as mess_owner',
          {
            method: 'POST',
            url: '/api/accounts/complete-profile/',
            body: { ...profile, user_type: 'mess_owner' },
          },
          c.access,
        ],
        [
          'complete-profile with is_staff',
          {
            method: 'POST',
            url: '/api/accounts/complete-profile/',
            body: { ...profile, is_staff: true },
          },
          c.access,
        ],
        [
          'complete-profile as a student',
          {
            method: 'POST',
            url: '/api/accounts/complete-profile/',
            body: { ...profile, user_type: 'student' },
          },
          c.access,
        ],
        [
          'change-password with user_type',
          {
            method: 'POST',
            url: '/api/accounts/change-password/',
            body: {
              old_password: c.password,
              new_password: c.password,
              confirm_password: c.password,
              user_type: 'mess_owner',
            },
          },
          c.access,
        ],
        [
          'PATCH the profile',
          { method: 'PATCH', url: '/api/accounts/profile/', body: { user_type: 'mess_owner' } },
          c.access,
        ],
        [
          'PUT the profile',
          { method: 'PUT', url: '/api/accounts/profile/', body: { is_staff: true } },
          c.access,
        ],
      ];
      await allRefused(attempts);
      const owners = await t.ctx.db.kysely
        .selectFrom('users')
        .select('username')
        .where('user_type', '=', 'mess_owner')
        .execute();
      expect(owners).toEqual([{ username: 'owner' }]);
      const me = await t.request('GET', '/api/accounts/profile/', { token: c.access });
      expect(me.body.user_type).toBe('regular');
      const ownerView = await t.request('GET', '/api/accounts/owner/users/user_stats/', {
        token: c.access,
      });
      expect(ownerView.status).toBe(403);
    });

    it("a customer verifies someone else's order", async () => {
      const victim = await newOwner();
      const pending = await api.pendingSubscription(victim);
      const { fields } = await api.checkoutFields(victim, pending.subscriptionId);
      const thief = await newOwner();
      const own = await api.pendingSubscription(thief);
      const { fields: thiefFields } = await api.checkoutFields(thief, own.subscriptionId);
      const verifyUrl = '/api/payments/orders/verify_payment/';
      const statuses = await allRefused([
        [
          "the victim's signed fields",
          { method: 'POST', url: verifyUrl, body: fields },
          thief.access,
        ],
        [
          "the victim's order with the thief's payment",
          {
            method: 'POST',
            url: verifyUrl,
            body: { ...thiefFields, razorpay_order_id: fields.razorpay_order_id },
          },
          thief.access,
        ],
        [
          "the thief's order with the victim's payment",
          {
            method: 'POST',
            url: verifyUrl,
            body: { ...fields, razorpay_order_id: thiefFields.razorpay_order_id },
          },
          thief.access,
        ],
        [
          "sandbox checkout of the victim's order",
          {
            method: 'POST',
            url: '/api/payments/sandbox/pay/',
            body: { order_id: fields.razorpay_order_id, outcome: 'success' },
          },
          thief.access,
        ],
        [
          "an order for the victim's subscription",
          {
            method: 'POST',
            url: '/api/payments/orders/',
            body: { subscription: pending.subscriptionId },
          },
          thief.access,
        ],
      ]);
      expect(statuses).toMatchObject({
        "the victim's signed fields": 404,
        "the victim's order with the thief's payment": 404,
        "sandbox checkout of the victim's order": 404,
        "an order for the victim's subscription": 404,
      });
      expect(await subscriptionOf(pending.subscriptionId)).toMatchObject({
        status: 'PENDING_PAYMENT',
      });
      const victimPayments = await t.ctx.db.kysely
        .selectFrom('payments')
        .select('status')
        .where('subscription_id', '=', pending.subscriptionId)
        .execute();
      expect(victimPayments).toEqual([]);
      // The fields were genuine all along: their owner verifies them.
      expect((await api.verify(victim, fields)).status).toBe(200);
    });
  });
});
