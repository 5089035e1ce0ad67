// The kitchen sheet's address (issue 37, item 11): /admin/kitchen?date=2026-12-08&meal=lunch, so a
// cook can keep a link to a meal's sheet. What the address leaves out, or names wrongly, is the meal
// being cooked now (machines/settings cookingMealAt), which the page then writes into it.
import { isMeal, type DatedMeal } from '@machines/settings';
import { isIsoDate } from '@machines/shared';

/** The date and meal the query `search` names; a part missing or unreadable is `cooking`'s. */
export function sheetChoiceOf(search: string, cooking: DatedMeal): DatedMeal {
  const params = new URLSearchParams(search);
  const date = params.get('date');
  const meal = params.get('meal');
  return {
    date: isIsoDate(date) ? date : cooking.date,
    meal: isMeal(meal) ? meal : cooking.meal,
  };
}

/** The query that names `choice`, as the address keeps it: 'date=2026-12-08&meal=lunch'. */
export const sheetSearch = (choice: DatedMeal): string =>
  new URLSearchParams({ date: choice.date, meal: choice.meal }).toString();
