// The owner's deliveries page's plain rules (issue 22): a route's share delivered for its bar, the
// missed stops named by route, the route form's areas box and rider choices, and the server's
// route refusals under their fields in the page's language.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS_EN, REFUSALS_HI, type ErrorBody } from '@machines/shared';
import type {
  DeliveryProgress,
  DeliveryRoute,
} from '../../web/features/delivery-stop/delivery-stop.owner.api';
import { ApiError } from '../../web/api/errors';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import {
  areasFromText,
  cashAmountRupees,
  deliveredPercent,
  missedWithRoutes,
  riderChoices,
  routeFieldErrors,
} from '../../web/pages/admin/deliveries/deliveriesModel';

beforeAll(async () => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
  i18n.activate('en');
  await loadAppMessages();
});

afterEach(() => i18n.activate('en'));

const route = (id: number, riders: DeliveryRoute['riders']): DeliveryRoute => ({
  id,
  name: `Route ${id}`,
  areas: [],
  riders,
  stop_order: [],
  created_at: '2026-11-26T12:00:00Z',
  updated_at: '2026-11-26T12:00:00Z',
});

describe("a route's share delivered", () => {
  it('is the whole percent delivered, rounded down so 59 of 60 never reads as done', () => {
    expect(deliveredPercent({ delivered: 42, total: 60 })).toBe(70);
    expect(deliveredPercent({ delivered: 59, total: 60 })).toBe(98);
    expect(deliveredPercent({ delivered: 60, total: 60 })).toBe(100);
  });

  it('is 0 for a route with no stops', () => {
    expect(deliveredPercent({ delivered: 0, total: 0 })).toBe(0);
  });
});

describe('the missed stops', () => {
  it("carry their route's name, or its number once the route is gone", () => {
    const progress: DeliveryProgress = {
      date: '2026-12-02',
      meal: 'lunch',
      routes: [{ route: 3, name: 'North', total: 2, delivered: 1, not_delivered: 1, pending: 0 }],
      missed: [
        { route: 3, customer_id: 8, name: 'Asha', phone: '+919876500008', reason: 'not_home' },
        { route: 9, customer_id: 5, name: 'Binu', phone: '+919876500005', reason: null },
      ],
      boxes_out: [],
    };
    expect(missedWithRoutes(progress).map((stop) => stop.routeName)).toEqual(['North', '#9']);
  });
});

describe('the cash a rider types', () => {
  it('takes any amount of ₹1 or more with paise, ₹19.99, ₹1.14 and ₹4.35 among them', () => {
    for (const text of ['19.99', '1.14', '4.35', ' 500 ', '1', '99999.99']) {
      expect(cashAmountRupees(text), text).toBe(Number(text));
    }
  });

  it('refuses a third decimal, less than ₹1, and what is not a number', () => {
    for (const text of ['19.999', '0.99', '0', '-5', '', 'abc', 'Infinity']) {
      expect(cashAmountRupees(text), text).toBeNull();
    }
  });
});

describe("the route form's areas", () => {
  it('are one a line in order, trimmed, without blanks or repeats (any case)', () => {
    expect(areasFromText(' 201206 Ghaziabad \n\n201207\n201206 ghaziabad\n  IIT Delhi')).toEqual([
      '201206 Ghaziabad',
      '201207',
      'IIT Delhi',
    ]);
    expect(areasFromText('')).toEqual([]);
  });
});

describe('the riders a route may be given', () => {
  const active = [
    { id: 4, name: 'Vikas Rider', phone: '+919876500004' },
    { id: 2, name: 'Amit Rider', phone: '+919876500002' },
  ];

  it('are the active riders, by name', () => {
    expect(riderChoices(active)).toEqual([
      { id: 2, name: 'Amit Rider' },
      { id: 4, name: 'Vikas Rider' },
    ]);
    expect(riderChoices(undefined)).toEqual([]);
  });

  it("keep a route's own rider who is no longer active, so saving does not drop them unseen", () => {
    const gone = route(1, [{ id: 3, name: 'Gone Rider', phone: '+919876500003' }]);
    expect(riderChoices(active, gone)).toEqual([
      { id: 2, name: 'Amit Rider' },
      { id: 3, name: 'Gone Rider' },
      { id: 4, name: 'Vikas Rider' },
    ]);
  });
});

describe("the server's refusals of a route", () => {
  // A 400 as the server sends it: per-field lists beside the error_code (which the type keeps apart).
  const answer = (fields: Record<string, string[]>, code: string) =>
    new ApiError(400, { ...fields, error_code: code } as unknown as ErrorBody);
  const refused = (field: string, code: string) => answer({ [field]: ['server sentence'] }, code);

  it('show under the field they are about, in the catalogue’s words', () => {
    expect(routeFieldErrors(refused('name', 'route.name_taken'))).toEqual({
      name: REFUSALS_EN['route.name_taken'],
    });
    expect(routeFieldErrors(refused('riders', 'route.not_a_rider'))).toEqual({
      riders: REFUSALS_EN['route.not_a_rider'],
    });
  });

  it('read in Hindi on a Hindi page', async () => {
    // As a page in Hindi does: its app messages, and the refusals in Hindi with them.
    i18n.activate('hi');
    await loadAppMessages();
    expect(routeFieldErrors(refused('name', 'route.name_taken')).name).toBe(
      REFUSALS_HI['route.name_taken'],
    );
  });

  it("keep the server's per-field messages for other fields", () => {
    const blank = answer({ areas: ['Too many areas.'] }, 'invalid');
    expect(routeFieldErrors(blank)).toEqual({ areas: 'Too many areas.' });
    expect(routeFieldErrors(new Error('offline'))).toEqual({});
  });
});
