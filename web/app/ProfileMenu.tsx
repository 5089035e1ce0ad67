// The avatar menu: the account's own things, Profile and Logout (logout returns to /). Every page
// of the business is in the navigation.
import { DropdownMenu } from 'radix-ui';
import { useLocation } from 'wouter';
import { useT } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import * as styles from './Shell.css';

export function ProfileMenu() {
  const { user, logout } = useSession();
  const [, navigate] = useLocation();
  const t = useT();
  if (!user) return null;
  const initial = (user.first_name || user.username).charAt(0).toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={styles.avatar}
        aria-label={t('shell.accountMenu', { username: user.username })}
      >
        {initial}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menuContent} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.menuLabel}>{user.username}</DropdownMenu.Label>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => navigate('/profile')}>
            {t('nav.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.menuItem} onSelect={logout}>
            {t('shell.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
