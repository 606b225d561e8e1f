import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { singleLine } from '../resources/fields.ts';
import { InstallationIdSchema, STATS_EVENT_NAME } from './records.ts';

/**
 * What the software reports (POST /services/software/stats): the installation's ids, the event (a declared
 * stats-event's name), its version, the version it came from (an update), its system and when it happened (by the
 * device's clock; absent: when it arrived).
 */
export const SoftwareReportBodySchema = z.object({
  data: z.object({
    type: z.literal('software-stats'),
    attributes: z.object({
      installationId: InstallationIdSchema,
      deviceId: singleLine(z.string().trim().min(1).max(100)),
      event: z
        .string()
        .trim()
        .toLowerCase()
        .regex(STATS_EVENT_NAME, 'An event name is lower-case letters, digits, dots, dashes or underscores'),
      version: singleLine(z.string().trim().min(1).max(50)),
      fromVersion: singleLine(z.string().trim().max(50)).nullable().default(null),
      system: singleLine(z.string().trim().max(100)).nullable().default(null),
      recordedAt: z.string().datetime({ offset: true }).nullable().default(null),
    }),
  }),
});
export type SoftwareReportBody = z.input<typeof SoftwareReportBodySchema>;

/**
 * The answer to a report: 201 with the stat kept, or 200 with `data: null` when it was not kept (a session of an
 * installation whose sessions are not counted). `meta.installation` is the installation's record id either way.
 */
export const SoftwareReportAnswerSchema = z.object({
  data: z.object({ type: z.literal('software-stats'), id: z.string() }).nullable(),
  meta: z.object({ position: z.string(), installation: z.string(), kept: z.boolean() }),
});

/** A member associates one of their installations, by the id the software shows, with an authorization of theirs. */
export const SoftwareAssociationBodySchema = z.object({
  data: z.object({
    type: z.literal('software-service-associations'),
    attributes: z.object({
      installationId: InstallationIdSchema,
      name: singleLine(z.string().trim().max(255)).nullable().default(null),
    }),
    relationships: z.object({
      authorization: z.object({
        data: z.object({ type: z.literal('software-service-authorizations'), id: z.string().min(1).max(64) }),
      }),
    }),
  }),
});
export type SoftwareAssociationBody = z.input<typeof SoftwareAssociationBodySchema>;

/** Why an authorization takes no association now. */
export const AUTHORIZATION_STATES = ['inForce', 'notYet', 'expired'] as const;

/**
 * The signed-in member's authorizations (GET /services/software/associations, /account/software/associations):
 * those granted to their account's e-mail address, each with its service, its dates, how many installations it
 * takes, and the installations associated with it.
 */
export const MySoftwareAuthorizationsSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('software-service-authorizations'),
      id: z.string(),
      attributes: z.object({
        service: z.string(),
        deliverFile: z.boolean(),
        distId: z.string().nullable(),
        startsAt: z.string().nullable(),
        expiresAt: z.string().nullable(),
        state: z.enum(AUTHORIZATION_STATES),
        associationsMax: z.number().int(),
        associations: z.array(
          z.object({
            id: z.string(),
            name: z.string().nullable(),
            installationId: z.string(),
            installationName: z.string().nullable(),
            system: z.string().nullable(),
            associatedAt: z.string(),
          }),
        ),
      }),
    }),
  ),
});
export type MySoftwareAuthorizations = z.infer<typeof MySoftwareAuthorizationsSchema>;

/**
 * What an installation has been given (GET /services/software/installations/{installationId}/services, asked by
 * the software): the services of the authorizations in force it is associated with. The installation's id is its
 * key: an unknown one answers an empty list, as one given nothing.
 */
export const InstallationServicesSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('software-services'),
      id: z.string(),
      attributes: z.object({
        name: z.string(),
        deliverFile: z.boolean(),
        expiresAt: z.string().nullable(),
        association: z.string(),
      }),
    }),
  ),
});
export type InstallationServices = z.infer<typeof InstallationServicesSchema>;

/** The software statistics' periods: by day, over at most a year (as the usage statistics'). */
export const SOFTWARE_STATS_PATH = '/services/software/stats/counts';

/** How many versions and systems the software statistics list, most reported first. */
export const SOFTWARE_STATS_TOP = 10;

/**
 * The software statistics for the back office (/admin/resources/software/stats/events and …/sessions): over
 * `from`..`to` (calendar days, UTC, read as the usage statistics' period: parseStatsCountsQuery), the reported events
 * per day and per event, the installations that reported, the versions and systems they run; with
 * `filter[event]=session`, the sessions alone (`event` says which filter the figures are of).
 */
export const SoftwareStatsCountsSchema = z.object({
  data: z.object({
    type: z.literal('software-stats-counts'),
    id: z.string(),
    attributes: z.object({
      from: z.string(),
      to: z.string(),
      /** the event the figures are of (`filter[event]`), null for all of them */
      event: z.string().nullable(),
      /** every day of the period, YYYY-MM-DD, days without events included */
      days: z.array(z.string()),
      /** per event name (by name), one count per day of `days`; with a filter, that event's alone (zeros too) */
      series: z.array(z.object({ event: z.string(), counts: z.array(z.number().int()) })),
      total: z.number().int(),
      /** how many installations reported in the period */
      installations: z.number().int(),
      /** the most reported versions, most first (SOFTWARE_STATS_TOP) */
      versions: z.array(z.object({ version: z.string(), count: z.number().int() })),
      /** the most reported systems, most first (SOFTWARE_STATS_TOP); null: events that named no system */
      systems: z.array(z.object({ system: z.string().nullable(), count: z.number().int() })),
    }),
  }),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type SoftwareStatsCounts = z.infer<typeof SoftwareStatsCountsSchema>;

/** The software's calls (not shown in history: seed 001 §7) and the member's and back office's reads. */
export const softwareEndpoints = {
  /** the software reports an event: the installation is made on its first report */
  report: defineEndpoint({
    method: 'POST',
    path: '/services/software/stats',
    body: SoftwareReportBodySchema,
    response: SoftwareReportAnswerSchema,
    anonymous: true,
  }),
  /** what an installation has been given */
  installationServices: defineEndpoint({
    method: 'GET',
    path: '/services/software/installations/:installationId/services',
    response: InstallationServicesSchema,
  }),
  /** 201 `{ data: { type: 'software-service-associations', id } }`: decided under the authorization's limit */
  associate: defineEndpoint({
    method: 'POST',
    path: '/services/software/associations',
    body: SoftwareAssociationBodySchema,
  }),
  /** the signed-in member's authorizations and their associations */
  mine: defineEndpoint({
    method: 'GET',
    path: '/services/software/associations',
    response: MySoftwareAuthorizationsSchema,
  }),
  /** the back office's statistics over a period (SOFTWARE_STATS_READERS) */
  counts: defineEndpoint({
    method: 'GET',
    path: SOFTWARE_STATS_PATH,
    response: SoftwareStatsCountsSchema,
  }),
} satisfies Record<string, AnyEndpoint>;
