import { OrganizationCreated } from '../organizations/events.ts';
import { organizationResource } from '../organizations/organization.ts';
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
 * - repositoryItemsCount: fed by the repository module (its published items) once it exists; it declares no
 *   event yet, so the number stays 0.
 * - accompaniedPatientsCount: fed by the eqlaat module (its projects, one per accompanied patient) once it
 *   exists; it declares no event yet, so the number stays 0.
 */
export const HOME_STATS_EVENT_CHANGES: Readonly<Record<string, CounterChange>> = {
  [OrganizationCreated.type]: { counter: 'organizationsCount', change: 'enter' },
  [organizationResource.events.created]: { counter: 'organizationsCount', change: 'enter' },
};

export const HOME_STATS_EVENT_TYPES: readonly string[] = Object.keys(HOME_STATS_EVENT_CHANGES);

export function counterChangeOf(eventType: string): CounterChange | null {
  return Object.hasOwn(HOME_STATS_EVENT_CHANGES, eventType) ? HOME_STATS_EVENT_CHANGES[eventType]! : null;
}
