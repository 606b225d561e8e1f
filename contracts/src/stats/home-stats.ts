import { z } from 'zod/v4';
import { OrganizationCreated } from '../organizations/events.ts';
import { organizationResource } from '../organizations/organization.ts';

/**
 * The community numbers of the home page (seed 000 §3 "home stats response", §7 GET /api/v1/services/home-stats):
 * how many organizations, repository items and accompanied patients the platform counts.
 */
export const HOME_STATS_COUNTERS = [
  'organizationsCount',
  'repositoryItemsCount',
  'accompaniedPatientsCount',
] as const;
export type HomeStatsCounter = (typeof HOME_STATS_COUNTERS)[number];

export const HomeStatsSchema = z.object({
  organizationsCount: z.number().int().nonnegative(),
  repositoryItemsCount: z.number().int().nonnegative(),
  accompaniedPatientsCount: z.number().int().nonnegative(),
});
export type HomeStats = z.infer<typeof HomeStatsSchema>;

/** GET /api/v1/services/home-stats: one document, read by the web's community-numbers block. */
export const HOME_STATS_PATH = '/services/home-stats';
export const HomeStatsDocumentSchema = z.object({
  data: HomeStatsSchema,
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type HomeStatsDocument = z.infer<typeof HomeStatsDocumentSchema>;

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

export const emptyHomeStats = (): HomeStats => ({
  organizationsCount: 0,
  repositoryItemsCount: 0,
  accompaniedPatientsCount: 0,
});
