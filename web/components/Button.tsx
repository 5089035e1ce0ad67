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

/** A link that looks like a button. */
export function ButtonLink({
  href,
  tone,
  size,
  block,
  children,
}: { href: string; children: ReactNode } & ButtonVariants) {
  return (
    <Link href={href} className={button({ tone, size, block })}>
      {children}
    </Link>
  );
}

/** A link out of the app (another scheme: upi://, tel:) that looks like a button. */
export function ButtonAnchor({
  href,
  tone,
  size,
  block,
  children,
}: { href: string; children: ReactNode } & ButtonVariants) {
  return (
    <a href={href} className={button({ tone, size, block })}>
      {children}
    </a>
  );
}
