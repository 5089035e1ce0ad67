// Whom the owner's dashboard greets: the owner by their own first name, else the business by its
// whole name (GET /api/business/), never a word of either.
import { OWNER_PLACEHOLDER_NAME } from '@machines/shared/owner-account';

interface Named {
  first_name: string;
  last_name: string;
}

/** The name to greet, or null when there is none ("Welcome back."). */
export function greetingName(
  user: Named | null | undefined,
  businessName: string | null | undefined,
): string | null {
  const first = user?.first_name.trim() ?? '';
  const placeholder =
    first === OWNER_PLACEHOLDER_NAME.first &&
    user?.last_name.trim() === OWNER_PLACEHOLDER_NAME.last;
  if (first && !placeholder) return first;
  return businessName?.trim() || null;
}
