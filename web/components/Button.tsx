import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import * as styles from './Button.css';
import { Spinner } from './Spinner';

export interface ButtonVariants {
  tone?: keyof typeof styles.tone | undefined;
  size?: keyof typeof styles.size | undefined;
  block?: boolean | undefined;
}

function button({ tone = 'primary', size = 'md', block }: ButtonVariants): string {
  return `${styles.base} ${styles.tone[tone]} ${styles.size[size]}${block ? ` ${styles.block}` : ''}`;
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariants & { busy?: boolean; children: ReactNode };

export function Button({ tone, size, block, busy, disabled, children, className, ...rest }: Props) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[button({ tone, size, block }), className].filter(Boolean).join(' ')}
    >
      {busy ? <Spinner size="sm" label="" /> : null}
      {children}
    </button>
  );
}

/**
 * A small secondary button: an action beside what it acts on (a row of a list or table, the pager),
 * never the page's main one. A row's names the row in its label.
 */
export function SmallButton(props: Omit<Props, 'tone' | 'size'>) {
  return <Button size="sm" tone="secondary" {...props} />;
}

type LinkProps = { href: string; children: ReactNode } & ButtonVariants;

/** A link that looks like a button. */
export function ButtonLink({ href, children, ...variants }: LinkProps) {
  return (
    <Link href={href} className={button(variants)}>
      {children}
    </Link>
  );
}

/** A link out of the app (another scheme: upi://, tel:) that looks like a button. */
export function ButtonAnchor({ href, children, ...variants }: LinkProps) {
  return (
    <a href={href} className={button(variants)}>
      {children}
    </a>
  );
}

/**
 * A small button that opens and closes a row's details: its text and its label (which names the
 * row) as [closed, open].
 */
export function ExpandButton({
  expanded,
  onToggle,
  text,
  label,
  controls,
}: {
  expanded: boolean;
  onToggle: () => void;
  text: readonly [string, string];
  label: readonly [string, string];
  /** The id of the details it opens. */
  controls?: string;
}) {
  const shown = expanded ? 1 : 0;
  return (
    <Button
      size="sm"
      tone="ghost"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      aria-label={label[shown]}
    >
      {text[shown]}
    </Button>
  );
}
