// A tab's toolbar: its search box first, taking the room the filters beside it leave.
import { useState, type ReactNode } from 'react';
import { SearchField } from '@web/components/Filters';
import { FilterSelect } from '@web/components/Select';
import { useT } from '@web/i18n/i18n';
import { useDebounced } from '@web/lib/useDebounced';
import * as styles from './SuperuserPage.css';

interface SearchText {
  /** The text as typed. */
  text: string;
  setText: (text: string) => void;
  /** What the list asks the server for: the text trimmed, once the typing pauses. */
  query: string;
}

export function useSearchText(): SearchText {
  const [text, setText] = useState('');
  return { text, setText, query: useDebounced(text.trim(), 300) };
}

export function SearchToolbar({
  label,
  placeholder,
  search,
  children,
}: {
  label: string;
  placeholder: string;
  search: SearchText;
  children: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      <SearchField
        label={label}
        placeholder={placeholder}
        value={search.text}
        onSearch={search.setText}
      />
      {children}
    </div>
  );
}

/** A filter beside the search whose first choice, "All", leaves the rows unfiltered. */
export function AllOrFilter({
  label,
  value,
  onValueChange,
  options,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const t = useT();
  return (
    <FilterSelect
      label={label}
      value={value}
      onValueChange={onValueChange}
      options={[{ value: 'all', label: t('superuser.filter.all') }, ...options]}
    />
  );
}
