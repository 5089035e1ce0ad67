// The public footer: the business profile from the page, else from GET /api/business/ once the
// server-state chunk has loaded (./FooterFromApi), drawn by ./FooterView.
import { memo, Suspense } from 'react';
import { lazyWithServerState } from '@web/session/serverState';
import { injectedBusiness } from './business';
import { FooterView } from './FooterView';

/** Without the profile in the page (the Vite dev server), the footer asks the API. */
const FooterFromApi = lazyWithServerState(() =>
  import('./FooterFromApi').then((m) => m.FooterFromApi),
);

/** Memoised: the session changing (and so the header) leaves the footer as it is. */
export const Footer = memo(function Footer() {
  const business = injectedBusiness();
  if (business) return <FooterView business={business} />;
  return (
    <Suspense fallback={<FooterView business={null} />}>
      <FooterFromApi />
    </Suspense>
  );
});
