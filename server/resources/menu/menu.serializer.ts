// The menu as the API shows it (MenuDays, MenuWeek).
import type { components } from '@generated/api.js';
import {
  addDays,
  menuForDate,
  weekdayOf,
  type DateChanges,
  type Dish,
  type MenuMeal,
  type WeekPattern,
  type Weekday,
} from '@machines';
import type { MenuChangeRow } from './menu.read.js';

export type MenuDaysBody = components['schemas']['MenuDays'];
export type MenuWeekBody = components['schemas']['MenuWeek'];
type DishBody = components['schemas']['Dish'];

const dishBody = (dish: Dish): DishBody => ({
  name: dish.name,
  name_hi: dish.name_hi ?? null,
  mark: dish.mark,
});

/** `count` days of menu from `from`, each meal by the rules (a date's change wins). */
export function menuDaysBody(
  today: string,
  from: string,
  count: number,
  week: WeekPattern,
  changes: DateChanges,
): MenuDaysBody {
  const days = Array.from({ length: count }, (_, offset) => {
    const date = addDays(from, offset);
    const meals = menuForDate(date, week, changes);
    const meal = (name: MenuMeal) => ({
      dishes: meals[name].dishes.map(dishBody),
      source: meals[name].source,
    });
    return {
      date,
      weekday: weekdayOf(date),
      meals: { breakfast: meal('breakfast'), lunch: meal('lunch'), dinner: meal('dinner') },
    };
  });
  return { today, days };
}

/** The weekday pattern, every weekday and meal (an empty list where nothing is set), and the changes. */
export function menuWeekBody(week: WeekPattern, changes: readonly MenuChangeRow[]): MenuWeekBody {
  const weekday = (day: Weekday) => ({
    breakfast: (week[day]?.breakfast ?? []).map(dishBody),
    lunch: (week[day]?.lunch ?? []).map(dishBody),
    dinner: (week[day]?.dinner ?? []).map(dishBody),
  });
  return {
    week: {
      monday: weekday('monday'),
      tuesday: weekday('tuesday'),
      wednesday: weekday('wednesday'),
      thursday: weekday('thursday'),
      friday: weekday('friday'),
      saturday: weekday('saturday'),
      sunday: weekday('sunday'),
    },
    changes: changes.map((change) => ({
      date: change.date,
      meal: change.meal,
      dishes: change.dishes.map(dishBody),
    })),
  };
}
