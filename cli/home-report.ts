// `dabba dashboard` as text: the owner's home (GET /api/owner/summary/) in aligned lines and tables,
// dates as people read them (24 Nov 2026), first what the owner must know (channels whose messages
// never leave the server); --json keeps the API's ISO dates for scripts.
import { formatCalendarDate } from '@machines/shared';
import type { OwnerSummary } from './services/owner';
import { formatTable, rupees } from './output';

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

function revenueLine(figure: OwnerSummary['revenue']['today']): string {
  return `${rupees(figure.net)} (collected ${rupees(figure.collected)}, refunded ${rupees(figure.refunded)})`;
}

const CHANNEL_NAMES = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const CHANNEL_SETTINGS = {
  email: 'SMTP_URL (e-mail)',
  sms: 'SMS_PROVIDER (SMS)',
  whatsapp: 'WHATSAPP_TOKEN with WHATSAPP_PHONE_NUMBER_ID (WhatsApp)',
} as const;

/** "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The channels whose messages are only written to the outbox on the server, as the web home says
 * it (issue 37, item 6): nothing of theirs reaches anyone until they are set up.
 */
function channelsNotice(channels: OwnerSummary['channels_not_set_up']): string[] {
  if (channels.length === 0) return [];
  const title =
    channels.length === Object.keys(CHANNEL_NAMES).length
      ? 'No message leaves this server yet.'
      : 'Some messages do not leave this server.';
  return [
    `${title} Not set up: ${listed(channels.map((channel) => CHANNEL_NAMES[channel]))}; their messages are only written to DATA_DIR/outbox and nobody receives them.`,
    `Set ${listed(channels.map((channel) => CHANNEL_SETTINGS[channel]))} in the server's configuration to send them.`,
    '',
  ];
}

export function renderOwnerSummary(summary: OwnerSummary): string {
  const lines: [string, string][] = [
    ['Revenue today', revenueLine(summary.revenue.today)],
    [
      `Revenue this month (from ${formatCalendarDate(summary.revenue.month.from)})`,
      revenueLine(summary.revenue.month),
    ],
    [
      'Active subscribers',
      `${summary.active_subscribers.total} (mess ${summary.active_subscribers.mess}, tiffin ${summary.active_subscribers.tiffin})`,
    ],
    [
      `Expiring within ${summary.expiring.within_days} days`,
      `${summary.expiring.count} (dabba users list --expiring-within ${summary.expiring.within_days})`,
    ],
    ['Pending leaves', String(summary.pending_leaves)],
    ['Pending refunds', String(summary.pending_refunds)],
    ['Open feedback', String(summary.open_feedback)],
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  const counts = summary.tomorrow_meals.counts;
  return [
    `Dabba · owner's home for ${formatCalendarDate(summary.today)}`,
    '',
    ...channelsNotice(summary.channels_not_set_up),
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    `Tomorrow's meals (${formatCalendarDate(summary.tomorrow_meals.date)}, net of approved leaves)`,
    formatTable(MEALS, [
      { header: 'Meal', value: (meal) => meal[0]!.toUpperCase() + meal.slice(1) },
      { header: 'Mess', value: (meal) => counts.mess[meal], right: true },
      { header: 'Tiffin', value: (meal) => counts.tiffin[meal], right: true },
      { header: 'Total', value: (meal) => counts.mess[meal] + counts.tiffin[meal], right: true },
    ]),
    `Last ${summary.daily.length} days`,
    formatTable(summary.daily, [
      { header: 'Date', value: (day) => formatCalendarDate(day.date) },
      { header: 'Revenue', value: (day) => rupees(day.revenue), right: true },
      { header: 'New subscribers', value: (day) => day.new_subscribers, right: true },
    ]),
  ].join('\n');
}
