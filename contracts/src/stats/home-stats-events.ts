import { eqlaatProjectResource } from '../eqlaat/records.ts';
import { OrganizationCreated } from '../organizations/events.ts';
import { organizationResource } from '../organizations/organization.ts';
import { repositoryItemResource } from '../repository/records.ts';
import { resourceEventTypes, type ResourceDefinition, type ResourceEvent } from '../resources/definition.ts';
import type { HomeStatsCounter } from './home-stats.ts';

/*
 * What feeds the home page's numbers, for the home_stats projection: apart from home-stats.ts, which the web's
 * first screen reads (its document), so that the script a reader loads first carries no record definition.
 */

/**
 * What an event does to a counter. Each counter counts entities, one per stream (an organization, ...): `enter`
 * puts the event's stream in the counted set, `leave` takes it out. So an entity entered twice still counts
 * once, and leaving a counter never entered changes nothing.
 */
export interface CounterChange {
  counter: HomeStatsCounter;
  change: 'enter' | 'leave';
}

/**
 * Event type -> counter change, over event types the platform declares and appends, nothing else (a counter
 * fed by events nobody emits would read 0 for ever while looking alive). Changing this table changes what the
 * home_stats projection computes: raise its version with it, so it rebuilds from the log.
 *
 * - organizationsCount: every organization created (POST /organizations): the organizations resource's creations,
 *   and those the organizations module stored before the resource. Organizations have no deletion and no
 *   membership validation (seed 001 `validatedMemberAt`) yet: when they get them, their events join this table
 *   (a deleted organization `leave`s the counter).
 * - repositoryItemsCount and accompaniedPatientsCount: record counters (HOME_STATS_RECORD_COUNTERS), not this
 *   table.
 */
export const HOME_STATS_EVENT_CHANGES: Readonly<Record<string, CounterChange>> = {
  [OrganizationCreated.type]: { counter: 'organizationsCount', change: 'enter' },
  [organizationResource.events.created]: { counter: 'organizationsCount', change: 'enter' },
};

/**
 * A counter of one resource's records: a record counts while it is live (neither soft-deleted nor deleted) and,
 * for a `published` counter, while its publishedAt is set (the publishable trait's `filter[published]`, which the
 * catalogue's pages show). Publishing, unpublishing, a soft deletion and a restoration move the number; so does a
 * publication request's publication, which the layer records as an update of publishedAt. A counter that is not
 * `published` counts every live record of its type.
 */
export interface RecordCounter {
  counter: HomeStatsCounter;
  definition: ResourceDefinition;
  published: boolean;
}

/**
 * - repositoryItemsCount: the shared technical aids, the repository's published items.
 * - accompaniedPatientsCount: the eqlaat team's live projects, one project per accompanied patient (seed 001 §7):
 *   a project counts from its creation, leaves the number when soft-deleted or deleted, and comes back when
 *   restored. Projects have no publishedAt (`published: false`: every live one counts). The number is public and
 *   a total only: nothing of a project but its stream's id is kept to count it.
 */
export const HOME_STATS_RECORD_COUNTERS: readonly RecordCounter[] = [
  { counter: 'repositoryItemsCount', definition: repositoryItemResource, published: true },
  { counter: 'accompaniedPatientsCount', definition: eqlaatProjectResource, published: false },
];

export const HOME_STATS_EVENT_TYPES: readonly string[] = [
  ...Object.keys(HOME_STATS_EVENT_CHANGES),
  ...HOME_STATS_RECORD_COUNTERS.flatMap((c) => resourceEventTypes(c.definition)),
];

/**
 * What a record counter knows of one record: whether it is live (not soft-deleted) and published (always true for
 * a counter that is not `published`: its records count whatever their attributes).
 */
export interface CountedRecord {
  live: boolean;
  published: boolean;
}

/**
 * A record's state for its counter after one of its events; null when the counter no longer knows it (deleted,
 * or never created). A creation seen again (a replay) keeps the state it finds.
 */
export function nextCountedRecord(
  counter: RecordCounter,
  before: CountedRecord | null,
  event: ResourceEvent,
): CountedRecord | null {
  const publishedIn = (attributes: Record<string, unknown>, fallback: boolean) =>
    !counter.published
      ? true
      : Object.hasOwn(attributes, 'publishedAt')
        ? attributes.publishedAt !== null && attributes.publishedAt !== undefined
        : fallback;
  switch (event.kind) {
    case 'created':
      return before ?? { live: true, published: publishedIn(event.data.attributes ?? {}, false) };
    case 'updated':
      return before && { ...before, published: publishedIn(event.data.attributes ?? {}, before.published) };
    case 'softDeleted':
      return before && { ...before, live: false };
    case 'restored':
      return before && { ...before, live: true };
    case 'deleted':
      return null;
  }
}

/** Whether a record counts: known, live and published. */
export const isCounted = (record: CountedRecord | null): boolean =>
  record !== null && record.live && record.published;

export function counterChangeOf(eventType: string): CounterChange | null {
  return Object.hasOwn(HOME_STATS_EVENT_CHANGES, eventType) ? HOME_STATS_EVENT_CHANGES[eventType]! : null;
}
