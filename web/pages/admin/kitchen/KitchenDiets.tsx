// The kitchen sheet's diet counts (issue 20): per meal, how many of the customers cooked for eat
// veg, egg, non-veg or Jain, and how many have not said.
import { DIETS, MENU_MEALS } from '@machines/menu';
import type { KitchenSheet } from '@web/api/admin';
import { Table, type Column } from '@web/components/Table';
import { useT } from '@web/i18n/i18n';
import { mealLabel, wordLabel } from '@web/lib/format';
import { sectionTitle, stack } from '@web/styles/utils.css';

type Row = { meal: (typeof MENU_MEALS)[number] };

export function KitchenDiets({ sheet }: { sheet: KitchenSheet }) {
  const t = useT();
  const columns: Column<Row>[] = [
    { key: 'meal', header: t('kitchen.diets.meal'), cell: (row) => mealLabel(row.meal) },
    ...DIETS.map((diet) => ({
      key: diet,
      header: wordLabel(diet),
      cell: (row: Row) => sheet.diets[row.meal][diet],
    })),
    { key: 'unset', header: t('format.diet.none'), cell: (row) => sheet.diets[row.meal].unset },
  ];
  return (
    <section aria-labelledby="diets-title" className={stack}>
      <h2 id="diets-title" className={sectionTitle}>
        {t('kitchen.diets.title')}
      </h2>
      <Table
        caption={t('kitchen.diets.caption')}
        columns={columns}
        rows={MENU_MEALS.map((meal) => ({ meal }))}
        rowKey={(row) => row.meal}
      />
    </section>
  );
}
