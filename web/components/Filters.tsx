// Filter buttons (a labelled group of toggle buttons), a list's search box and a limit/offset pager.
import { useT } from '@web/i18n/i18n';
import { row } from '@web/styles/utils.css';
import { SmallButton } from './Button';
import { TextField } from './Field';
import * as styles from './Filters.css';

interface FilterOption<V extends string> {
  value: V;
  label: string;
  count?: number | undefined;
}

export function FilterButtons<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: ReadonlyArray<FilterOption<V>>;
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className={row}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.filterButton}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined ? ` (${option.count})` : ''}
        </button>
      ))}
    </div>
  );
}

/** A list's search box: the text as typed (the list debounces it). */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  );
}

export function Pager({
  offset,
  limit,
  total,
  onOffset,
  label,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
  label: string;
}) {
  const t = useT();
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={t('ui.pager.label', { label })} className={styles.pager}>
      <span aria-live="polite">{t('ui.pager.range', { first, last, total })}</span>
      <span className={styles.pagerButtons}>
        <SmallButton disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          {t('ui.pager.previous')}
        </SmallButton>
        <SmallButton disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
          {t('ui.pager.next')}
        </SmallButton>
      </span>
    </nav>
  );
}
