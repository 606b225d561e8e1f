import { z } from 'zod';

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
  meta: z.record(z.unknown()).optional(),
});
export type HomeStatsDocument = z.infer<typeof HomeStatsDocumentSchema>;

/**
 * What an event does to a counter. Each counter counts entities, one per stream (an organization, a repository
 * item, an eqlaat project): `enter` puts the event's stream in the counted set, `leave` takes it out. So an
 * organization validated twice still counts once, and revoking one that was never counted changes nothing.
 */
export interface CounterChange {
  counter: HomeStatsCounter;
  change: 'enter' | 'leave';
}

/**
 * Event type -> counter change. The organizations, repository and eqlaat modules do not exist yet: they will
 * append these events (on streams `organization-<id>`, `repositoryitem-<id>`, `eqlaatproject-<id>`) when they
 * arrive, and may refine this table then (the home_stats projection's version goes up with it, and it rebuilds
 * from the log). Until then nothing appends them and every number is truthfully 0.
 */
export const HOME_STATS_EVENT_CHANGES: Readonly<Record<string, CounterChange>> = {
  // a member organization counts once its membership is validated (organization.validatedMemberAt, seed 001 §3)
  OrganizationValidated: { counter: 'organizationsCount', change: 'enter' },
  OrganizationValidationRevoked: { counter: 'organizationsCount', change: 'leave' },
  OrganizationDeleted: { counter: 'organizationsCount', change: 'leave' },
  // a repository item counts while it is published and not deleted
  RepositoryItemPublished: { counter: 'repositoryItemsCount', change: 'enter' },
  RepositoryItemUnpublished: { counter: 'repositoryItemsCount', change: 'leave' },
  RepositoryItemDeleted: { counter: 'repositoryItemsCount', change: 'leave' },
  // each eqlaat project follows one patient: a patient stays "accompanied" once a project opened, even closed
  EqlaatProjectOpened: { counter: 'accompaniedPatientsCount', change: 'enter' },
  EqlaatProjectDeleted: { counter: 'accompaniedPatientsCount', change: 'leave' },
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
