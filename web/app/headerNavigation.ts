// Which of a business account's links stand on the header's line and which go under More
// (./BusinessLinks draws them).
import type { NavLink } from './routes';

/** A role's header: its links on the line, in order, and where More holds the rest. */
interface Navigation {
  /** The links on the header's line (all of them when `more` is empty). */
  readonly links: readonly NavLink[];
  /** The links under More: empty unless the role's links would not fit one line. */
  readonly more: readonly NavLink[];
  /** Where More stands among `links`: before the link at this index. */
  readonly moreAt: number;
}

/**
 * The most links a header holds on one line at 1280 px (the owner's twelve in English: Dashboard …
 * Payments & Users, Kitchen Sheet, Deliveries, Dues, Profile, Contact, with More among them); a
 * role with more links than this keeps its `more` ones under More.
 */
const HEADER_LINKS = 12;

/**
 * The desktop header of a role's links (navigationLinks): every link on one line, or, when they
 * are more than the line holds (the owner's, a manager's), the ones marked `more` under a More
 * button placed where the first of them would stand. The phone's menu lists every link.
 */
export function headerNavigation(all: readonly NavLink[]): Navigation {
  const moreAt = all.findIndex((link) => link.more);
  if (all.length <= HEADER_LINKS || moreAt < 0) return { links: all, more: [], moreAt: all.length };
  return {
    links: all.filter((link) => !link.more),
    more: all.filter((link) => link.more),
    moreAt,
  };
}
