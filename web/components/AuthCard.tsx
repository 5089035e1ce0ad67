// The narrow centred card that holds the account forms.
import type { ReactNode } from 'react';
import { Card } from './Card';
import { authCard, authSubtitle, authTitle } from './AuthCard.css';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className={authCard}>
      <h1 className={authTitle}>{title}</h1>
      {subtitle ? <p className={authSubtitle}>{subtitle}</p> : null}
      {children}
    </Card>
  );
}
