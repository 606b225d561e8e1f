import { z } from 'zod/v4';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource, type ResourceCreatedData } from '../resources/definition.ts';

/**
 * A training session (seed 001 §3 open-badge-training-session, §4): a member asks an issuer organization to train
 * them for a badge; the issuer accepts or refuses; the member works through the badge's modules in order; finishing
 * the last one finishes the session; the issuer then issues the assertion. Every step is an event of the session's
 * own stream, `openBadgeSession-<id>`, so the stream is the session's full history and decides "issued once".
 */
export const OPEN_BADGE_SESSION_CATEGORY = 'openBadgeSession';
export const openBadgeSessionStreamId = (sessionId: string): string =>
  `${OPEN_BADGE_SESSION_CATEGORY}-${sessionId}`;

const uuid = z.string().uuid();
const instant = z.string().datetime({ offset: true });
/** who took a step: a user id (the bootstrap token's system user included) */
const by = z.string().min(1).max(100);

/** A module of the session: the badge's module as it was when the session was requested. */
export const OpenBadgeSessionModuleSchema = z.object({
  position: z.number().int().min(1).max(50),
  title: z.string().min(1).max(255),
});
export type OpenBadgeSessionModule = z.infer<typeof OpenBadgeSessionModuleSchema>;

export const OpenBadgeSessionRequested = defineEvent(
  'OpenBadgeSessionRequested',
  z.object({
    sessionId: uuid,
    badgeId: uuid,
    /** the issuer organization */
    issuerId: uuid,
    /** the member trained */
    userId: uuid,
    modules: z.array(OpenBadgeSessionModuleSchema).min(1).max(50),
    requestedAt: instant,
  }),
);
export const OpenBadgeSessionAccepted = defineEvent(
  'OpenBadgeSessionAccepted',
  z.object({ sessionId: uuid, acceptedAt: instant, by }),
);
export const OpenBadgeSessionRefused = defineEvent(
  'OpenBadgeSessionRefused',
  z.object({ sessionId: uuid, refusedAt: instant, reason: z.string().trim().min(1).max(5_000), by }),
);
export const OpenBadgeModuleStarted = defineEvent(
  'OpenBadgeModuleStarted',
  z.object({ sessionId: uuid, position: z.number().int().min(1), at: instant }),
);
export const OpenBadgeModuleFinished = defineEvent(
  'OpenBadgeModuleFinished',
  z.object({ sessionId: uuid, position: z.number().int().min(1), at: instant }),
);
/** Appended with the last module's OpenBadgeModuleFinished: the duration is the sum of the modules' durations. */
export const OpenBadgeSessionFinished = defineEvent(
  'OpenBadgeSessionFinished',
  z.object({ sessionId: uuid, finishedAt: instant, durationSeconds: z.number().int().min(0) }),
);

/** What issuing an assertion records, on the session's stream (once) and, mirrored, on the assertion's own. */
export const OpenBadgeAssertionIssuedDataSchema = z.object({
  sessionId: uuid,
  assertionId: uuid,
  badgeId: uuid,
  issuerId: uuid,
  userId: uuid,
  recipientName: z.string().trim().min(1).max(255),
  recipientEmail: z.string().trim().min(3).max(255),
  /** the salt of the recipient's hashed identity (Open Badges 2.0: sha256$hex(sha256(email + salt))) */
  recipientSalt: z.string().min(8).max(64),
  evidence: z.string().trim().max(10_000).nullable(),
  issuedAt: instant,
  /** issuedAt + the badge's validityDuration days; null when the badge never expires */
  expiresAt: instant.nullable(),
  by,
});
export type OpenBadgeAssertionIssuedData = z.infer<typeof OpenBadgeAssertionIssuedDataSchema>;
export const OpenBadgeAssertionIssued = defineEvent(
  'OpenBadgeAssertionIssued',
  OpenBadgeAssertionIssuedDataSchema,
);

export const openBadgeSessionEventContracts: EventContract[] = [
  OpenBadgeSessionRequested,
  OpenBadgeSessionAccepted,
  OpenBadgeSessionRefused,
  OpenBadgeModuleStarted,
  OpenBadgeModuleFinished,
  OpenBadgeSessionFinished,
  OpenBadgeAssertionIssued,
];

export type OpenBadgeSessionEvent =
  | EventOf<typeof OpenBadgeSessionRequested>
  | EventOf<typeof OpenBadgeSessionAccepted>
  | EventOf<typeof OpenBadgeSessionRefused>
  | EventOf<typeof OpenBadgeModuleStarted>
  | EventOf<typeof OpenBadgeModuleFinished>
  | EventOf<typeof OpenBadgeSessionFinished>
  | EventOf<typeof OpenBadgeAssertionIssued>;

export const OPEN_BADGE_SESSION_EVENT_TYPES: readonly string[] = openBadgeSessionEventContracts.map(
  (c) => c.type,
);

export const OPEN_BADGE_SESSION_STATUSES = [
  'requested',
  'accepted',
  'refused',
  'in_progress',
  'finished',
  'awarded',
] as const;
export const OpenBadgeSessionStatusSchema = z.enum(OPEN_BADGE_SESSION_STATUSES);
export type OpenBadgeSessionStatus = z.infer<typeof OpenBadgeSessionStatusSchema>;

/** The actions of POST /services/open-badges/sessions/{id}/actions, one shape per action. */
export const OpenBadgeSessionActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('refuse'), reason: z.string().trim().min(1).max(5_000) }),
  /** position: the module's; left out, the module to work on next */
  z.object({ action: z.literal('start-module'), position: z.number().int().min(1).optional() }),
  z.object({ action: z.literal('finish-module'), position: z.number().int().min(1).optional() }),
]);
export type OpenBadgeSessionAction = z.infer<typeof OpenBadgeSessionActionSchema>;
export type OpenBadgeSessionActionName = OpenBadgeSessionAction['action'] | 'issue-assertion';

/** POST /services/open-badges/sessions: the badge and the issuer organization (its id or its slug). */
export const OpenBadgeSessionRequestSchema = z.object({
  badgeId: z.string().trim().min(1).max(255),
  issuerId: z.string().trim().min(1).max(255),
});

/** POST /services/open-badges/sessions/{id}/assertion: the name on the assertion, and the evidence. */
export const OpenBadgeAssertionIssueSchema = z.object({
  recipientName: z.string().trim().min(1).max(255),
  evidence: z.string().trim().max(10_000).nullable().optional(),
});

const moduleTimes = z.object({
  position: z.number().int(),
  title: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type OpenBadgeSessionModuleTimes = z.infer<typeof moduleTimes>;

/**
 * The sessions in the back office (read-only: written only by the workflow's events, history from their
 * streams). The request is the record's creation; the accept, refusal, finish and award set its attributes;
 * the modules' times are kept by the workflow's projection handlers (projectors/src/open-badges/sessions.ts).
 */
export const openBadgeSessionResource = defineResource({
  type: 'open-badge-training-sessions',
  singular: 'open-badge-training-session',
  category: OPEN_BADGE_SESSION_CATEGORY,
  eventPrefix: 'OpenBadgeSession',
  module: 'openBadges',
  feature: 'openBadges',
  menu: { group: 'openBadges', icon: 'school' },
  attributes: z.object({
    status: OpenBadgeSessionStatusSchema.default('requested'),
    requestedAt: instant.nullable().default(null),
    acceptedAt: instant.nullable().default(null),
    refusedAt: instant.nullable().default(null),
    refusedReason: z.string().max(5_000).nullable().default(null),
    startedAt: instant.nullable().default(null),
    finishedAt: instant.nullable().default(null),
    durationSeconds: z.number().int().min(0).nullable().default(null),
    modules: z.array(moduleTimes).default([]),
  }),
  relationships: {
    badge: { type: 'open-badges' },
    issuer: { type: 'organizations' },
    user: { type: 'users' },
    assertion: { type: 'open-badge-assertions' },
  },
  access: { see: APP_ADMINS, index: APP_ADMINS, show: APP_ADMINS },
  filters: ['status'],
  sorts: ['requestedAt', 'finishedAt'],
  // version 2: its table has the index of its descending default sort (issue 21's bench)
  version: 2,
  defaultSort: { field: 'requestedAt', direction: 'desc' },
  title: 'status',
  legacyEvents: {
    [OpenBadgeSessionRequested.type]: {
      kind: 'created',
      upcast: (data): ResourceCreatedData => {
        const d = data as z.infer<typeof OpenBadgeSessionRequested.schema>;
        return {
          id: d.sessionId,
          attributes: {
            status: 'requested',
            requestedAt: d.requestedAt,
            acceptedAt: null,
            refusedAt: null,
            refusedReason: null,
            startedAt: null,
            finishedAt: null,
            durationSeconds: null,
            modules: d.modules.map((m) => ({ ...m, startedAt: null, finishedAt: null })),
          },
          relationships: { badge: d.badgeId, issuer: d.issuerId, user: d.userId, assertion: null },
        };
      },
    },
    [OpenBadgeSessionAccepted.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as z.infer<typeof OpenBadgeSessionAccepted.schema>;
        return {
          id: d.sessionId,
          attributes: { status: 'accepted', acceptedAt: d.acceptedAt },
          relationships: {},
        };
      },
    },
    [OpenBadgeSessionRefused.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as z.infer<typeof OpenBadgeSessionRefused.schema>;
        return {
          id: d.sessionId,
          attributes: { status: 'refused', refusedAt: d.refusedAt, refusedReason: d.reason },
          relationships: {},
        };
      },
    },
    [OpenBadgeSessionFinished.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as z.infer<typeof OpenBadgeSessionFinished.schema>;
        return {
          id: d.sessionId,
          attributes: { status: 'finished', finishedAt: d.finishedAt, durationSeconds: d.durationSeconds },
          relationships: {},
        };
      },
    },
    [OpenBadgeAssertionIssued.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as OpenBadgeAssertionIssuedData;
        return {
          id: d.sessionId,
          attributes: { status: 'awarded' },
          relationships: { assertion: d.assertionId },
        };
      },
    },
  },
});
