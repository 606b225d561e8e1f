import type { OpenBadgeAssertionRevokedEvent } from '@platform/contracts/open-badges/assertion';
import type { OpenBadgeAssertionIssuedData } from '@platform/contracts/open-badges/session';
import type { AssertionsCountFeed } from './assertions-count.ts';

/**
 * What moves a badge's assertionsCount (the records' port, assertions-count.ts): an assertion issued on a
 * session's stream counts one more for its badge, a revocation one less (each event names its badge).
 */
export const openBadgeAssertionsFeed: AssertionsCountFeed = {
  eventTypes: ['OpenBadgeAssertionIssued', 'OpenBadgeAssertionRevoked'],
  step(event) {
    if (event.type === 'OpenBadgeAssertionIssued')
      return { badgeId: (event.data as OpenBadgeAssertionIssuedData).badgeId, by: 1 };
    if (event.type === 'OpenBadgeAssertionRevoked')
      return { badgeId: (event.data as OpenBadgeAssertionRevokedEvent['data']).badgeId, by: -1 };
    return null;
  },
};
