import type { OpenBadgeAssertionIssuedData } from '@platform/contracts/open-badges/session';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

/**
 * A badge's assertionsCount in the badges' projection (the resource `open-badges`): its assertions not revoked,
 * moved by the sessions' OpenBadgeAssertionIssued and the assertions' OpenBadgeAssertionRevoked. The revocation
 * names only its assertion, so the projection keeps which badge each assertion is of and whether it still counts
 * (`open_badge_assertion_counts`); a replayed event changes nothing twice.
 */
export const openBadgeAssertionsCountExtension: ResourceProjectionExtension = {
  eventTypes: ['OpenBadgeAssertionIssued', 'OpenBadgeAssertionRevoked'],
  tables: ['open_badge_assertion_counts'],
  async setup(tx) {
    await tx.unsafe(`create table open_badge_assertion_counts (
      assertion_id uuid primary key,
      badge_id uuid not null,
      revoked boolean not null default false)`);
  },
  async apply(tx, event, table) {
    if (event.type === 'OpenBadgeAssertionIssued') {
      const { assertionId, badgeId } = event.data as OpenBadgeAssertionIssuedData;
      const inserted = await tx`insert into open_badge_assertion_counts ${tx({
        assertion_id: assertionId,
        badge_id: badgeId,
      })} on conflict (assertion_id) do nothing returning assertion_id`;
      if (inserted.length)
        await tx`update ${tx(table)} set assertions_count = coalesce(assertions_count, 0) + 1
          where id = ${badgeId}`;
      return;
    }
    const { assertionId } = event.data as { assertionId: string };
    const [counted] = await tx<Array<{ badge_id: string }>>`
      update open_badge_assertion_counts set revoked = true
       where assertion_id = ${assertionId} and not revoked returning badge_id::text`;
    if (counted)
      await tx`update ${tx(table)} set assertions_count = greatest(0, coalesce(assertions_count, 0) - 1)
        where id = ${counted.badge_id}`;
  },
};
