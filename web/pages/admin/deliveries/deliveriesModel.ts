// The deliveries screens' plain rules, shared by the rider's phone and the owner's page: meals and
// the business's hour, the words for a stop's state and a missed stop's reason, a route's share
// delivered, the route form's areas and riders, and which refusal belongs to which field.
import { MEALS } from '@machines/settings';
import { paiseFromRupees } from '@machines/shared';
import type { NotDeliveredReason } from '@machines/delivery-stop';
import { ApiError, fieldErrors } from '@web/api/errors';
import type {
  Meal,
  RunSheetStop,
  DeliveryProgress,
  DeliveryRider,
  DeliveryRoute,
} from '@web/features/delivery-stop';
import type { BadgeTone } from '@web/components/Card';
import type { MessageId } from '@web/i18n/i18n';
import { refusalKeyText } from '@web/i18n/refusals';
import { businessTimeZone } from '@web/lib/format';

/** The meals a run is for, in the day's order (the kitchen sheet's). */
export const DELIVERY_MEALS: readonly Meal[] = MEALS;

export const STATE_TONES: Readonly<Record<RunSheetStop['state'], BadgeTone>> = {
  pending: 'warning',
  delivered: 'success',
  not_delivered: 'danger',
};

export const STATE_LABELS: Readonly<Record<RunSheetStop['state'], MessageId>> = {
  pending: 'deliveries.state.pending',
  delivered: 'deliveries.state.delivered',
  not_delivered: 'deliveries.state.not_delivered',
};

export const REASON_LABELS: Readonly<Record<NotDeliveredReason, MessageId>> = {
  not_home: 'deliveries.reason.not_home',
  refused: 'deliveries.reason.refused',
  wrong_address: 'deliveries.reason.wrong_address',
};

/**
 * The rupees a rider typed as cash collected, or null unless it is at least ₹1 with at most two
 * decimals (the contract's DeliveryMark amount). paiseFromRupees, not rupees * 100 being whole:
 * 19.99 * 100 is 1998.9999999999998.
 */
export function cashAmountRupees(text: string): number | null {
  const rupees = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(rupees) || rupees < 1) return null;
  return paiseFromRupees(rupees) === null ? null : rupees;
}

/** The business's hour now (0-23). */
export function businessHour(now = new Date()): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: businessTimeZone(),
    }).format(now),
  );
}

export type RouteProgress = DeliveryProgress['routes'][number];

/** The whole percent of a route's stops that are delivered (0 for a route with none). */
export function deliveredPercent(progress: Pick<RouteProgress, 'delivered' | 'total'>): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.delivered * 100) / progress.total));
}

/** A missed stop with its route's name (a route deleted since reads as its number). */
export function missedWithRoutes(progress: DeliveryProgress) {
  const names = new Map(progress.routes.map((route) => [route.route, route.name]));
  return progress.missed.map((stop) => ({
    ...stop,
    routeName: names.get(stop.route) ?? `#${stop.route}`,
  }));
}

/** The route form's areas box: one area a line, in riding order, blanks and repeats left out. */
export function areasFromText(text: string): string[] {
  const areas: string[] = [];
  for (const line of text.split('\n')) {
    const area = line.trim();
    if (area && !areas.some((kept) => kept.toLowerCase() === area.toLowerCase())) areas.push(area);
  }
  return areas;
}

export interface RiderChoice {
  readonly id: number;
  readonly name: string;
}

/**
 * The riders a route may be given, by name: the active riders (`GET /delivery/riders/`, for the
 * owner and a manager alike), and the route's own riders, who still show when no longer active so
 * that saving does not drop them unseen.
 */
export function riderChoices(
  riders: readonly DeliveryRider[] | undefined,
  route?: Pick<DeliveryRoute, 'riders'>,
): RiderChoice[] {
  const choices = new Map<number, string>();
  for (const rider of riders ?? []) choices.set(rider.id, rider.name);
  for (const rider of route?.riders ?? [])
    if (!choices.has(rider.id)) choices.set(rider.id, rider.name);
  return [...choices]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const FIELD_OF_REFUSAL: Readonly<Record<string, 'name' | 'riders'>> = {
  'route.name_taken': 'name',
  'route.not_a_rider': 'riders',
};

/**
 * The route form's errors per field as the server answers them; a route refusal in the catalogue's
 * words (the page's language) under its field.
 */
export function routeFieldErrors(error: unknown): Record<string, string> {
  const errors = fieldErrors(error);
  const code = error instanceof ApiError ? error.body?.error_code : undefined;
  if (code === 'route.name_taken' || code === 'route.not_a_rider') {
    errors[FIELD_OF_REFUSAL[code]!] = refusalKeyText(code);
  }
  return errors;
}
