// The menu's reads and writes (./query derives each from the contract). Anyone reads the menu; the
// owner sets it; a customer sets their diet. The last menu the app loaded is kept on the device (it
// is the business's, the same for everyone, nothing personal), so the installed app shows it when
// offline: the service worker keeps nothing from /api/ (web/pwa/service-worker.js).
import { useEffect, useState } from 'react';
import type { components } from '@generated/api';
import { useApiMutation, useApiQuery } from '@web/api/query';

type Schemas = components['schemas'];
type MenuDays = Schemas['MenuDays'];
export type MenuDay = MenuDays['days'][number];
export type MenuWeek = Schemas['MenuWeek'];
export type MenuWeekInput = Schemas['MenuWeekInput'];
export type DishBody = Schemas['Dish'];
export type DishInput = Schemas['DishInput'];
export type Diet = NonNullable<Schemas['Diet']>;

const MENU = '/menu/' as const;
const SAVED_MENU_KEY = 'dabba.menu';

/** The menu this device last loaded: kept for an offline start. */
function savedMenu(): MenuDays | undefined {
  try {
    const text = localStorage.getItem(SAVED_MENU_KEY);
    if (!text) return undefined;
    const saved = JSON.parse(text) as MenuDays;
    return Array.isArray(saved.days) && typeof saved.today === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}

function saveMenu(menu: MenuDays): void {
  try {
    localStorage.setItem(SAVED_MENU_KEY, JSON.stringify(menu));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/**
 * The week from today (the days the dashboard and the menu page show). Until the server answers,
 * and when it cannot be reached, the copy this device saved last: `offline` says when that is
 * what is shown.
 */
export function useMenu() {
  const menu = useApiQuery(
    MENU,
    { params: { query: { days: 7 } } },
    // A failed read gives up at once: the saved copy is on screen meanwhile.
    { retry: false },
  );
  const [saved] = useState(savedMenu);
  const fresh = menu.data;
  useEffect(() => {
    if (fresh) saveMenu(fresh);
  }, [fresh]);
  return {
    data: fresh ?? saved,
    /** Still asking the server (the saved copy may be shown meanwhile). */
    isLoading: menu.isPending,
    isError: menu.isError && !fresh && !saved,
    offline: menu.isError && !fresh && saved !== undefined,
  };
}

/** The weekday pattern and the coming changes: what the owner edits. */
export const useMenuWeek = () => useApiQuery('/menu/week/', undefined);

/** The whole weekday pattern in one save (the owner's week grid); answers the saved week. */
export const useSetMenuWeek = () =>
  useApiMutation('put', '/menu/week/', {
    init: (body: MenuWeekInput) => ({ body }),
    refreshes: ['/menu/'],
  });

export const useSetMenuDate = () =>
  useApiMutation('put', '/menu/dates/{date}/{meal}/', {
    init: ({
      date,
      meal,
      dishes,
    }: {
      date: string;
      meal: 'breakfast' | 'lunch' | 'dinner';
      dishes: DishInput[];
    }) => ({ params: { path: { date, meal } }, body: { dishes } }),
    refreshes: ['/menu/'],
  });

export const useClearMenuDate = () =>
  useApiMutation('delete', '/menu/dates/{date}/{meal}/', {
    init: ({ date, meal }: { date: string; meal: 'breakfast' | 'lunch' | 'dinner' }) => ({
      params: { path: { date, meal } },
    }),
    refreshes: ['/menu/'],
  });

/** The customer's diet; the profile is set from the answer by the page. */
export const useSetDiet = () =>
  useApiMutation('put', '/accounts/diet/', {
    init: (diet: Diet | null) => ({ body: { diet } }),
  });
