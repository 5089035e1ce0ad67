import { spinner } from './Spinner.css';

/** A loading spinner in three sizes; `label` is read by screen readers ('' when decorative). */
export function Spinner({
  size = 'md',
  label = 'Loading',
}: {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}) {
  if (!label) return <span className={spinner({ size })} aria-hidden="true" />;
  return <span className={spinner({ size })} role="status" aria-label={label} />;
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
