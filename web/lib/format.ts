// How the app writes money and dates: ₹2,000 and 22 Nov 2026.

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** ₹2,000 or ₹1,234.50 for an amount in rupees. */
export function formatRupees(amountRupees: number | null | undefined): string {
  if (amountRupees === null || amountRupees === undefined || Number.isNaN(amountRupees)) return '—';
  const whole = Number.isInteger(amountRupees);
  return whole
    ? rupees.format(amountRupees)
    : new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amountRupees);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** '2026-11-22' → '22 Nov 2026'; a full timestamp gives its local calendar date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateFormat.format(new Date(`${value}T00:00:00Z`));
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

/** '22 Nov 2026, 6:05 pm' for a timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/** Today as 'YYYY-MM-DD' in India, where the business runs. */
export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export function capitalise(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}

/** 'breakfast,lunch' meals as 'Breakfast, Lunch', or 'None'. */
export function formatMeals(meals: readonly string[] | null | undefined): string {
  return meals && meals.length > 0 ? meals.map(capitalise).join(', ') : 'None';
}

export function serviceLabel(serviceType: 'mess' | 'tiffin' | string): string {
  return serviceType === 'tiffin' ? 'Tiffin Service' : 'Mess Service';
}
