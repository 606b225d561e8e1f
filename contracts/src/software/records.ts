import { z } from 'zod/v4';
import { EmailSchema } from '../accounts/emails.ts';
import { ADMINISTRATORS, APP_ADMINS, APP_ADMINS_ONLY, either, type AccessRule } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import type { ResourceReactor } from '../resources/hooks.ts';
import { singleLine } from '../resources/fields.ts';

/**
 * The software catalogue (seed 001 §3 "Software catalogue"; seed 000 §2 /account/software/associations and the
 * admin's software statistics), behind the software feature (FEATURE_SOFTWARE), ADR 0061:
 *
 * - a software installation is one copy of the platform's companion software on a device. It is made by the
 *   software's first report (POST /services/software/stats) and known by the id the software shows
 *   (`installationId`) and its device's (`deviceId`), which nobody edits; the back office names it, notes it, files
 *   it in groups and turns on the statistics of its sessions;
 * - a software service is what an installation may be given (a voice, a licence, a file to deliver); an
 *   authorization grants one to a person, by e-mail address, between two dates, from a distributor's reference
 *   (`distId`); the person associates installations of theirs with it, at most the service's `associationsMax`;
 * - a software stat is one event an installation reported (read-only): an event the back office declared
 *   (stats-event), the version, the version it came from, the system, when.
 */

const name = z.string().trim().min(1).max(255);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const instant = z.string().datetime({ offset: true });

/** What the software shows as its installation's id (and sends as it): 8 to 100 letters, digits, `.`, `_`, `:`, `-`. */
export const INSTALLATION_ID = /^[A-Za-z0-9._:-]{8,100}$/;
export const InstallationIdSchema = z
  .string()
  .trim()
  .regex(
    INSTALLATION_ID,
    'An installation id is 8 to 100 letters, digits, dots, dashes, colons or underscores',
  );

/** A reported event's name, as the back office declares it: lower case, digits, `_`, `.` or `-`, 64 at most. */
export const STATS_EVENT_NAME = /^[a-z][a-z0-9_.-]{0,63}$/;

/**
 * The event a session of the software is reported by: kept only for the installations whose back office turned
 * their sessions' statistics on (enableSessionsStats); the others' are answered and dropped.
 */
export const SOFTWARE_SESSION_EVENT = 'session';

/** A version as the software reports it: `2.4.1`, `2.5.0-beta.1`. */
const version = singleLine(z.string().trim().min(1).max(50));
/** The system the software runs on, as it reports it: `Windows 11`, `Android 14`. */
const system = singleLine(optionalText(100));

/**
 * Who associates an installation with an authorization (POST /services/software/associations): a signed-in member,
 * and only with an authorization granted to their account's verified e-mail address (a rule over the record,
 * checked by the command side; anyone else's authorization is not found).
 */
export const SOFTWARE_ASSOCIATORS: AccessRule = 'signedIn';

/** The software's statistics and its people's associations: the administrators' (seed 001 §6: the admin check). */
export const SOFTWARE_STATS_READERS = ADMINISTRATORS;

/**
 * A copy of the software on a device (seed 001 §3 software-installation). Its ids are the software's, set when it
 * first reported (or when the back office registered it ahead) and never changed; the installation id is unique.
 */
export const softwareInstallationResource = defineResource({
  type: 'software-installations',
  singular: 'software-installation',
  category: 'softwareinstallation',
  eventPrefix: 'SoftwareInstallation',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'devices' },
  attributes: z.object({
    installationId: InstallationIdSchema,
    deviceId: singleLine(z.string().trim().min(1).max(100)),
    name: singleLine(optionalText(255)),
    comment: optionalText(5000),
    enableSessionsStats: z.boolean().default(false),
    system,
  }),
  relationships: {
    groups: { type: 'software-groups', many: true },
  },
  counts: {
    statsCount: { type: 'software-stats', via: 'installation', kind: 'count' },
    associationsCount: { type: 'software-service-associations', via: 'installation', kind: 'count' },
  },
  unique: ['installationId'],
  immutable: ['installationId', 'deviceId'],
  lookupBy: 'installationId',
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  filters: ['enableSessionsStats', 'system', 'installationId'],
  search: ['name', 'installationId', 'deviceId'],
  sorts: ['name', 'installationId', 'system'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'installationId',
});

/** Installations filed together (seed 001 §3 software-group): a school's tablets, a trial's devices. */
export const softwareGroupResource = defineResource({
  type: 'software-groups',
  singular: 'software-group',
  category: 'softwaregroup',
  eventPrefix: 'SoftwareGroup',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'lan' },
  attributes: z.object({
    name,
    comment: optionalText(5000),
  }),
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * What an installation may be given (seed 001 §3 software-service): a person associates at most `associationsMax`
 * installations with one authorization of it; `deliverFile`: the software fetches a file for it once associated.
 */
export const softwareServiceResource = defineResource({
  type: 'software-services',
  singular: 'software-service',
  category: 'softwareservice',
  eventPrefix: 'SoftwareService',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'widgets' },
  attributes: z.object({
    name,
    associationsMax: z.number().int().min(1).max(1000).default(1),
    deliverFile: z.boolean().default(false),
  }),
  counts: {
    authorizationsCount: { type: 'software-service-authorizations', via: 'service', kind: 'count' },
  },
  unique: ['name'],
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  search: ['name'],
  sorts: ['name', 'associationsMax'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * A service granted to a person (seed 001 §3 software-service-authorization): by their e-mail address (the member
 * whose account has it associates their installations), from `startsAt` (null: at once) until `expiresAt` (null:
 * no end), with the distributor's reference (`distId`, an order or a voucher).
 */
export const softwareServiceAuthorizationResource = defineResource({
  type: 'software-service-authorizations',
  singular: 'software-service-authorization',
  category: 'softwareserviceauthorization',
  eventPrefix: 'SoftwareServiceAuthorization',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'key' },
  attributes: z.object({
    distId: singleLine(optionalText(100)),
    email: EmailSchema,
    startsAt: instant.nullable().default(null),
    expiresAt: instant.nullable().default(null),
  }),
  relationships: {
    service: { type: 'software-services', required: true, immutable: true },
  },
  counts: {
    associationsCount: { type: 'software-service-associations', via: 'authorization', kind: 'count' },
  },
  invariants: (a) =>
    typeof a.startsAt === 'string' && typeof a.expiresAt === 'string' && a.expiresAt <= a.startsAt
      ? [{ attribute: 'expiresAt', detail: 'The end comes after the start' }]
      : [],
  softDeletable: true,
  access: APP_ADMINS_ONLY,
  filters: ['email', 'distId'],
  search: ['email', 'distId'],
  sorts: ['email', 'startsAt', 'expiresAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'email',
});

/** Whether an authorization is in force at `now` (its dates; a record put aside is not). */
export function authorizationInForce(
  attributes: { startsAt?: unknown; expiresAt?: unknown },
  now: Date,
): 'inForce' | 'notYet' | 'expired' {
  const at = now.toISOString();
  if (typeof attributes.startsAt === 'string' && new Date(attributes.startsAt).toISOString() > at)
    return 'notYet';
  if (typeof attributes.expiresAt === 'string' && new Date(attributes.expiresAt).toISOString() <= at)
    return 'expired';
  return 'inForce';
}

/**
 * The claim scopes that keep an authorization's places (ADR 0061): place `n` of its service's associationsMax is the
 * value `<authorization>:<n>` of the first, an installation's one place per authorization `<authorization>:<installation>`
 * of the second. The association holds both; removing it frees them (its reactor).
 */
export const SOFTWARE_PLACE_CLAIMS = 'softwareassociationslotclaim';
export const SOFTWARE_PAIR_CLAIMS = 'softwareassociationpairclaim';

/** An association removed frees its place and its installation's pair, at once. */
const freesItsPlace: ResourceReactor = (change) => {
  if (change.action !== 'deleted') return [];
  const authorization = change.relationships.authorization;
  const installation = change.relationships.installation;
  const place = change.attributes.place;
  if (typeof authorization !== 'string' || typeof installation !== 'string') return [];
  return [
    ...(typeof place === 'number'
      ? [
          {
            kind: 'releaseClaim' as const,
            category: SOFTWARE_PLACE_CLAIMS,
            value: `${authorization}:${place}`,
          },
        ]
      : []),
    { kind: 'releaseClaim', category: SOFTWARE_PAIR_CLAIMS, value: `${authorization}:${installation}` },
  ];
};

/**
 * An installation associated with an authorization (seed 001 §3 software-service-association), by the member the
 * authorization names (POST /services/software/associations, decided under the authorization's limit: never
 * through the generic create), in one of its places (`place`, 1 to associationsMax). The member reads, renames and
 * removes their own; administrators anyone's.
 */
export const softwareServiceAssociationResource = defineResource({
  type: 'software-service-associations',
  singular: 'software-service-association',
  category: 'softwareserviceassociation',
  eventPrefix: 'SoftwareServiceAssociation',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'link' },
  attributes: z.object({
    name: singleLine(optionalText(255)),
    place: z.number().int().min(1).max(1000),
  }),
  relationships: {
    authorization: { type: 'software-service-authorizations', required: true, immutable: true },
    installation: { type: 'software-installations', required: true, immutable: true },
    user: { type: 'users', immutable: true },
  },
  ownedBy: 'user',
  immutable: ['place'],
  reactors: [freesItsPlace],
  access: {
    see: ADMINISTRATORS,
    index: either(ADMINISTRATORS, 'owner'),
    show: either(ADMINISTRATORS, 'owner'),
    update: either(ADMINISTRATORS, 'owner'),
    delete: either(ADMINISTRATORS, 'owner'),
  },
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'name',
});

/**
 * An event the software may report (seed 001 §3 stats-event): declared by the back office, by its name. A report
 * naming an undeclared event is refused (422), so that what is counted is what someone chose to count.
 */
export const statsEventResource = defineResource({
  type: 'stats-events',
  singular: 'stats-event',
  category: 'statsevent',
  eventPrefix: 'StatsEvent',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'event_note' },
  attributes: z.object({
    name: z
      .string()
      .trim()
      .toLowerCase()
      .regex(STATS_EVENT_NAME, 'An event name is lower-case letters, digits, dots, dashes or underscores'),
    description: optionalText(2000),
  }),
  counts: {
    statsCount: { type: 'software-stats', via: 'event', kind: 'count' },
  },
  unique: ['name'],
  immutable: ['name'],
  lookupBy: 'name',
  access: {
    see: APP_ADMINS,
    index: APP_ADMINS,
    show: APP_ADMINS,
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: ADMINISTRATORS,
  },
  search: ['name', 'description'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/**
 * One event an installation reported (seed 001 §3 software-stat, read-only): made by the report alone, never
 * edited; administrators read them and may delete one.
 */
export const softwareStatResource = defineResource({
  type: 'software-stats',
  singular: 'software-stat',
  category: 'softwarestat',
  eventPrefix: 'SoftwareStat',
  module: 'software',
  feature: 'software',
  menu: { group: 'software', icon: 'query_stats' },
  attributes: z.object({
    version,
    fromVersion: singleLine(optionalText(50)),
    recordedAt: instant,
    system,
  }),
  relationships: {
    event: { type: 'stats-events', required: true, immutable: true },
    installation: { type: 'software-installations', required: true, immutable: true },
  },
  immutable: ['version', 'fromVersion', 'recordedAt', 'system'],
  access: {
    see: SOFTWARE_STATS_READERS,
    index: SOFTWARE_STATS_READERS,
    show: SOFTWARE_STATS_READERS,
    delete: SOFTWARE_STATS_READERS,
  },
  filters: ['version', 'system'],
  sorts: ['recordedAt', 'version'],
  defaultSort: { field: 'recordedAt', direction: 'desc' },
  title: 'version',
});

export const softwareResources = [
  softwareInstallationResource,
  softwareGroupResource,
  softwareServiceResource,
  softwareServiceAuthorizationResource,
  softwareServiceAssociationResource,
  statsEventResource,
  softwareStatResource,
];
