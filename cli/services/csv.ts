// Flag parsing for `dabba export csv`. The export's rules (columns, merge, meal filters, file name,
// escaping) live in machines/export/export.rules.ts, shared with the web's export dialog.
import {
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_MEALS,
  type ExportMeal,
  type ExportService,
  type ExportSource,
  OPTIONAL_EXPORT_COLUMNS,
} from '@machines/export';

/** What `--sources` accepts; `subscribers` is the CLI's short name for Active subscribers. */
const SOURCE_NAMES: Readonly<Record<string, ExportSource>> = {
  users: 'users',
  subscribers: 'active_subscribers',
  active_subscribers: 'active_subscribers',
};

/** Every column `--columns` accepts after Username and Full Name, in the file's order. */
const CHOOSABLE_COLUMNS: readonly string[] = [
  ...DEFAULT_EXPORT_COLUMNS,
  ...OPTIONAL_EXPORT_COLUMNS,
];

export interface MealSelection {
  readonly tiffinMeals: readonly ExportMeal[];
  readonly messMeals: readonly ExportMeal[];
}

function listItems(items: readonly string[]): string[] {
  return items
    .flatMap((item) => item.split(','))
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Parses meal selections: `tiffin:lunch`, `mess:dinner`, or a bare meal that applies to `service`
 * (both services when none is chosen). Throws with a readable message on anything else.
 */
export function parseMealSelection(
  items: readonly string[],
  service?: ExportService,
): MealSelection {
  const tiffin = new Set<ExportMeal>();
  const mess = new Set<ExportMeal>();
  for (const raw of listItems(items)) {
    const [first, second] = raw.split(':');
    const scoped = second !== undefined;
    const meal = (scoped ? second : first) as ExportMeal;
    if (!EXPORT_MEALS.includes(meal)) {
      throw new Error(
        `"${raw}" is not a meal. Use breakfast, lunch or dinner, optionally as tiffin:lunch or mess:dinner.`,
      );
    }
    if (scoped && first !== 'tiffin' && first !== 'mess') {
      throw new Error(`"${raw}": the service must be tiffin or mess.`);
    }
    const services: ExportService[] = scoped
      ? [first as ExportService]
      : service
        ? [service]
        : ['tiffin', 'mess'];
    for (const each of services) (each === 'tiffin' ? tiffin : mess).add(meal);
  }
  const ordered = (set: Set<ExportMeal>) => EXPORT_MEALS.filter((meal) => set.has(meal));
  return { tiffinMeals: ordered(tiffin), messMeals: ordered(mess) };
}

/** `--columns`: names (or "all"); none given means the web dialog's defaults. */
export function parseColumns(items: readonly string[] | undefined): string[] {
  if (!items || items.length === 0) return [...DEFAULT_EXPORT_COLUMNS];
  const wanted = listItems(items).map((item) => item.replace(/[\s-]+/g, '_'));
  if (wanted.includes('all')) return [...CHOOSABLE_COLUMNS];
  const columns: string[] = [];
  for (const name of wanted) {
    if (name === 'username' || name === 'full_name') continue; // always included
    if (!CHOOSABLE_COLUMNS.includes(name)) {
      throw new Error(
        `"${name}" is not a column. Choose from: ${CHOOSABLE_COLUMNS.join(', ')} (or all).`,
      );
    }
    if (!columns.includes(name)) columns.push(name);
  }
  return columns;
}

/** `--sources`: users, subscribers or both (default users). */
export function parseSources(items: readonly string[] | undefined): ExportSource[] {
  const sources = new Set<ExportSource>();
  for (const name of listItems(items ?? ['users'])) {
    const source = SOURCE_NAMES[name];
    if (!source) throw new Error(`"${name}" is not a source. Choose users, subscribers or both.`);
    sources.add(source);
  }
  if (sources.size === 0) throw new Error('Choose at least one source: users, subscribers.');
  return [...sources];
}

/** The owner's local date as 'YYYY-MM-DD', for the file name. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
