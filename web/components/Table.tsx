// A scrollable data table with a caption and optional sortable headers (aria-sort).
import type { ReactNode } from 'react';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './Table.css';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Set when the column can be sorted; the value is the server's `ordering` key. */
  sortKey?: string;
}

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
}

function sortState(ordering: string | undefined, sortKey: string) {
  if (ordering === sortKey) return 'ascending' as const;
  if (ordering === `-${sortKey}`) return 'descending' as const;
  return 'none' as const;
}

export function Table<T>({ caption, columns, rows, rowKey, ordering, onSort, expanded }: Props<T>) {
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
        <tbody>
          {rows.map((row) => {
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
          })}
        </tbody>
      </table>
    </div>
  );
}

function RowGroup({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
