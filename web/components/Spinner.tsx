import { useT } from '@web/i18n/i18n';
import { pageSpinner, spinner, spinnerSize } from './Spinner.css';

/**
 * A loading spinner in three sizes; `label` is read by screen readers ('' when decorative), "Loading"
 * in the current language unless given (a `common.` message: the frame shows spinners first).
 */
export function Spinner({
  size = 'md',
  label,
}: {
  size?: 'sm' | 'md' | 'lg';
  label?: string | undefined;
}) {
  const t = useT();
  const text = label ?? t('common.loading');
  if (!text) return <span className={`${spinner} ${spinnerSize[size]}`} aria-hidden="true" />;
  return <span className={`${spinner} ${spinnerSize[size]}`} role="status" aria-label={text} />;
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={pageSpinner}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
