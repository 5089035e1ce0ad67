// The footer with the business profile from GET /api/business/, for a page served without it.
import { useBusiness } from '@web/api/queries';
import { FooterView } from './FooterView';

export function FooterFromApi() {
  const { data } = useBusiness();
  return <FooterView business={data ?? null} />;
}
