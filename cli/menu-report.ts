// `dabba menu` as text: each day, each meal's dishes with their marks and Hindi names, and which
// meals the owner changed for that date; and the meals `dabba menu set-week` changes.
import { formatCalendarDate } from '@machines/shared';
import { MENU_MEALS } from '@machines/menu';
import type { MealChange } from './menu-week-file';
import type { MenuDays } from './services/menu';

type Dish = MenuDays['days'][number]['meals']['lunch']['dishes'][number];

const MARKS: Record<Dish['mark'], string> = {
  veg: 'veg',
  egg: 'egg',
  non_veg: 'non-veg',
  jain: 'Jain',
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const dishText = (dish: Pick<Dish, 'name' | 'mark'> & { name_hi?: string | null }) =>
  `${dish.name}${dish.name_hi ? ` / ${dish.name_hi}` : ''} (${MARKS[dish.mark]})`;

/** The meals a week's save changes, a line each: "  Monday     Lunch      Dal (veg), …". */
export function renderWeekChanges(changes: readonly MealChange[]): string {
  return changes
    .map(({ weekday, meal, dishes }) => {
      const list = dishes.length === 0 ? 'nothing served' : dishes.map(dishText).join(', ');
      return `  ${capitalised(weekday).padEnd(9)}  ${capitalised(meal).padEnd(9)}  ${list}\n`;
    })
    .join('');
}

export function renderMenu(menu: MenuDays): string {
  const lines: string[] = [];
  for (const day of menu.days) {
    if (lines.length > 0) lines.push('');
    lines.push(`${capitalised(day.weekday)} ${formatCalendarDate(day.date)} (${day.date})`);
    for (const meal of MENU_MEALS) {
      const served = day.meals[meal];
      const dishes =
        served.source === 'none'
          ? 'not set'
          : served.dishes.length === 0
            ? 'nothing served'
            : served.dishes.map(dishText).join(', ');
      const changed = served.source === 'date' ? '  [changed for this date]' : '';
      lines.push(`  ${capitalised(meal).padEnd(9)}  ${dishes}${changed}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
