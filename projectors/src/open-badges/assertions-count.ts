import type { RecordedEvent } from '@platform/infra/event-store';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

/**
 * How the assertions' events move a badge's `assertionsCount` (the open badges workflow names them): the event
 * types, and for one event the badge it counts for and by how much (+1 an assertion issued, -1 one revoked), or
 * null when it moves nothing.
 */
export interface AssertionsCountFeed {
  eventTypes: readonly string[];
  step(event: RecordedEvent): { badgeId: string; by: number } | null;
}

/** No assertion events yet: every badge counts 0. */
export const NO_ASSERTIONS: AssertionsCountFeed = { eventTypes: [], step: () => null };

/**
 * The open-badges projection's handlers for the computed `assertionsCount` (default 0, never below it): the
 * assertion events are on other streams, so the badge's row keeps its own version. Applied once per event, in the
 * projection's transaction with its checkpoint.
 */
export function assertionsCountExtension(feed: AssertionsCountFeed): ResourceProjectionExtension {
  return {
    eventTypes: feed.eventTypes,
    async apply(tx, event, table) {
      const step = feed.step(event);
      if (!step || step.by === 0) return;
      await tx`
        update ${tx(table)}
           set assertions_count = greatest(0, coalesce(assertions_count, 0) + ${step.by})
         where id = ${step.badgeId}`;
    },
  };
}
