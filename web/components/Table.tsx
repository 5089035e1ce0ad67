// A scrollable data table with a caption and optional sortable headers (aria-sort).
import type { ReactNode } from 'react';
import { visuallyHidden } from '@web/styles/utils.css';
import * as styles from './Table.css';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Set when the column can be sorted; the value is the server's `ordering` key. */
  sortKey?: string;
}

/** A column that is not sorted: its key, its header and how a row fills its cell. */
export const column = <T,>(
  key: string,
  header: string,
  cell: (row: T) => ReactNode,
): Column<T> => ({
  key,
  header,
  cell,
});

interface Props<T> {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** '-username' for descending, 'username' for ascending. */
  ordering?: string;
  onSort?: (ordering: string) => void;
  /** Extra content under a row (an expanded View More), spanning all columns. */
  expanded?: (row: T) => ReactNode | null;
  /**
   * Rows already ordered by group (the kitchen sheet's delivery areas): each group gets a body of
   * its own under a heading row that names it and counts its rows.
   */
  groups?: { of: (row: T) => string; count: (rows: number) => string };
}

function sortState(ordering: string | undefined, sortKey: string) {
  if (ordering === sortKey) return 'ascending' as const;
  if (ordering === `-${sortKey}`) return 'descending' as const;
  return 'none' as const;
}

/** Consecutive rows of one group, in order. */
function groupRows<T>(rows: readonly T[], groupOf: (row: T) => string) {
  const groups: { name: string; rows: T[] }[] = [];
  for (const row of rows) {
    const name = groupOf(row);
    const last = groups.at(-1);
    if (last && last.name === name) last.rows.push(row);
    else groups.push({ name, rows: [row] });
  }
  return groups;
}

export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  ordering,
  onSort,
  expanded,
  groups,
}: Props<T>) {
  const renderRow = (row: T) => {
    const extra = expanded?.(row) ?? null;
    return (
      <RowGroup key={rowKey(row)}>
        <tr role="row">
          {columns.map((column) => (
            <td key={column.key} role="cell" data-label={column.header}>
              {column.cell(row)}
            </td>
          ))}
        </tr>
        {extra ? (
          <tr role="row" className={styles.detailsRow}>
            <td role="cell" colSpan={columns.length}>
              {extra}
            </td>
          </tr>
        ) : null}
      </RowGroup>
    );
  };
  return (
    // Focusable so keyboard users can scroll a wide table; on phones rows stack as cards, and the
    // explicit roles keep the table semantics that display:block would otherwise drop.
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} role="table">
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          <tr role="row">
            {columns.map((column) => {
              if (!column.sortKey || !onSort) {
                return (
                  <th key={column.key} scope="col" role="columnheader">
                    {column.header}
                  </th>
                );
              }
              const sortKey = column.sortKey;
              const state = sortState(ordering, sortKey);
              return (
                <th key={column.key} scope="col" role="columnheader" aria-sort={state}>
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onSort(state === 'ascending' ? `-${sortKey}` : sortKey)}
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        {groups ? (
          groupRows(rows, groups.of).map((group) => (
            <tbody key={group.name} role="rowgroup">
              <tr role="row" className={styles.groupRow}>
                <th role="rowheader" scope="rowgroup" colSpan={columns.length}>
                  {group.name}{' '}
                  <span className={styles.groupCount}>· {groups.count(group.rows.length)}</span>
                </th>
              </tr>
              {group.rows.map(renderRow)}
            </tbody>
          ))
        ) : (
          <tbody>{rows.map(renderRow)}</tbody>
        )}
      </table>
    </div>
  );
}

function RowGroup({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
