// A delivery stop's states, marks and reasons, its events: what the delivery-stop files share.

/** A stop's states as stored (delivery_stops.state) and as the API sends them. */
export const DELIVERY_STOP_STATES = ['pending', 'delivered', 'not_delivered'] as const;

/** The marks a rider sends (delivery_marks.event). */
export const DELIVERY_MARK_EVENTS = [
  'delivered',
  'not_delivered',
  'box_returned',
  'cash_collected',
] as const;

export type DeliveryMarkEvent = (typeof DELIVERY_MARK_EVENTS)[number];

/** Why a stop was not delivered. */
export const NOT_DELIVERED_REASONS = ['not_home', 'refused', 'wrong_address'] as const;

export type NotDeliveredReason = (typeof NOT_DELIVERED_REASONS)[number];

export type DeliveryStopState = (typeof DELIVERY_STOP_STATES)[number];

export type DeliveryStopEvent =
  /** The rider handed over the tiffin. */
  | { readonly type: 'stop.delivered' }
  /** The rider could not hand it over (null reason: none given, refused). */
  | { readonly type: 'stop.not_delivered'; readonly reason: NotDeliveredReason | null }
  /** The customer gave back an empty box. */
  | { readonly type: 'stop.box_returned' }
  /** The customer paid the rider cash (paise). */
  | { readonly type: 'stop.cash_collected'; readonly amountPaise: number };
