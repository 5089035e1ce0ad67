// The delivery journeys' set-up through the API (issue 22): a rider the owner adds and who claims
// the SMS invite, and a regular tiffin customer in an area of the journey's own, paid for every meal.
import { expect, type APIRequestContext } from '@playwright/test';
import { ensurePlan, PLANS } from './owner-fixtures';
import {
  apiCustomer,
  apiPaidSubscription,
  customerAddress,
  readClaimPath,
  readOtp,
} from './support';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A rider (or, with `role`, another staff member) added by the owner and claimed through the SMS
 * invite: their id, username and password, and phone (E.164, and the 10 digits typed).
 */
export async function addRider(
  request: APIRequestContext,
  owner: string,
  lastName: string,
  role: 'delivery' | 'manager' = 'delivery',
) {
  const local = `6${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const phone = `+91${local}`;
  const username = `rider${local.slice(-6)}`;
  const password = 'Rider-pass-42';
  const added = await request.post('/api/owner/staff/', {
    headers: auth(owner),
    data: { first_name: 'Ravi', last_name: lastName, phone: local, role },
  });
  expect(added.status(), `add ${role}`).toBe(201);
  const { id } = (await added.json()) as { id: number };
  await claimInvite(request, phone, username, password);
  return { id, username, password, phone, local };
}

/** The staff invite last texted to `phone` (E.164) claimed: the code, then a username and password. */
export async function claimInvite(
  request: APIRequestContext,
  phone: string,
  username: string,
  password: string,
) {
  const token = (await readClaimPath(phone)).split('/').at(-1)!;
  // From the rider's own phone: an address of its own, not the browser's (the per-IP OTP limits).
  const headers = customerAddress();
  const sent = await request.post(`/api/accounts/claim/${token}/otp/`, { headers });
  expect(sent.status(), 'claim: send the code').toBe(200);
  const verified = await request.post(`/api/accounts/claim/${token}/verify/`, {
    headers,
    data: { otp: await readOtp(phone) },
  });
  expect(verified.status(), 'claim: verify').toBe(200);
  const completed = await request.post(`/api/accounts/claim/${token}/complete/`, {
    headers,
    data: { username, password, confirm_password: password },
  });
  expect(completed.ok(), 'claim: complete').toBe(true);
}

/**
 * A regular tiffin customer at `address` in `pincode`, paid for every meal; with `partPaid`, the
 * owner took that many rupees at the counter instead, and the rest is still owed (cash a rider
 * brings can then be confirmed against it).
 */
export async function tiffinCustomer(
  request: APIRequestContext,
  pincode: string,
  address: string,
  { firstName, partPaid, owner }: { firstName?: string; partPaid?: number; owner?: string } = {},
) {
  const { customer, tokens } = await apiCustomer(request, {
    userType: 'regular',
    ...(firstName ? { firstName } : {}),
  });
  const completed = await request.post('/api/accounts/complete-profile/', {
    headers: auth(tokens!.access),
    data: {
      user_type: 'regular',
      is_tiffin_user: true,
      is_mess_user: false,
      regular_profile: {
        address,
        landmark: 'Opposite the post office',
        pincode,
        city: 'Ghaziabad',
      },
    },
  });
  expect(completed.ok(), 'complete profile').toBe(true);
  const planId = await ensurePlan(request, PLANS.tiffinAll);
  if (partPaid === undefined || owner === undefined) {
    await apiPaidSubscription(request, tokens!.access, planId);
    return customer;
  }
  const subscribed = await request.post('/api/subscriptions/subscriptions/', {
    headers: auth(tokens!.access),
    data: { plan: planId },
  });
  expect(subscribed.status(), 'subscribe').toBe(201);
  const { id } = (await subscribed.json()) as { id: number };
  // A part payment starts a subscription only while the owner allows dues (Settings → Payments):
  // allowed for this one payment, then the settings as they were (every journey shares them).
  const settings = (await (
    await request.get('/api/owner/settings/', { headers: auth(owner) })
  ).json()) as { payments: Record<string, unknown> };
  const saveSettings = async (payments: Record<string, unknown>) => {
    const saved = await request.put('/api/owner/settings/', {
      headers: auth(owner),
      data: { ...settings, payments },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await saveSettings({ ...settings.payments, activation: 'dues_allowed', max_dues: 100_000 });
  try {
    const recorded = await request.post('/api/payments/admin/payments/record_offline/', {
      headers: auth(owner),
      data: { payment_mode: 'cash', subscription: id, amount: partPaid },
    });
    expect(recorded.ok(), 'part payment at the counter').toBe(true);
    const { subscription } = (await recorded.json()) as { subscription: { status: string } };
    expect(subscription.status, 'started with dues').toBe('ACTIVE');
  } finally {
    await saveSettings(settings.payments);
  }
  return customer;
}
