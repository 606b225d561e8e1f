import { z } from 'zod/v4';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { APP_ADMINS } from '../resources/access.ts';
import { defineResource, type ResourceCreatedData } from '../resources/definition.ts';
import type { OpenBadgeAssertionIssuedData } from './session.ts';
import { openBadgesVerificationUrls } from './verification-paths.ts';

/**
 * An assertion (seed 001 §3 open-badge-assertion): the badge awarded to a member by its issuer organization at the
 * end of a training session. Its stream `openBadgeAssertion-<id>` holds its creation (OpenBadgeAssertionCreated,
 * the layer's shape, mirroring the session's OpenBadgeAssertionIssued) and its revocation.
 */
export const OPEN_BADGE_ASSERTION_CATEGORY = 'openBadgeAssertion';
export const openBadgeAssertionStreamId = (assertionId: string): string =>
  `${OPEN_BADGE_ASSERTION_CATEGORY}-${assertionId}`;

const uuid = z.string().uuid();
const instant = z.string().datetime({ offset: true });

export const OpenBadgeAssertionRevoked = defineEvent(
  'OpenBadgeAssertionRevoked',
  z.object({
    assertionId: uuid,
    /** the badge it awards (its assertionsCount goes down) */
    badgeId: uuid,
    revokedAt: instant,
    reason: z.string().trim().min(1).max(5_000),
    by: z.string().min(1).max(100),
  }),
);
export type OpenBadgeAssertionRevokedEvent = EventOf<typeof OpenBadgeAssertionRevoked>;

export const openBadgeAssertionEventContracts: EventContract[] = [OpenBadgeAssertionRevoked];

/** POST /services/open-badges/assertions/{id}/revoke: why. */
export const OpenBadgeAssertionRevokeSchema = z.object({ reason: z.string().trim().min(1).max(5_000) });

const DAY_MS = 24 * 60 * 60 * 1000;

/** issuedAt + validityDuration days; null when the badge never expires (validityDuration null). */
export function assertionExpiresAt(issuedAt: string, validityDuration: number | null): string | null {
  if (validityDuration === null) return null;
  return new Date(Date.parse(issuedAt) + validityDuration * DAY_MS).toISOString();
}

/** Seed 001 §4: an assertion is expired once its expiresAt is past (the platform's clock). */
export function isExpired(assertion: { expiresAt: string | null }, now: Date): boolean {
  return assertion.expiresAt !== null && Date.parse(assertion.expiresAt) <= now.getTime();
}

/** Where the Open Badges 2.0 hosted verification serves an assertion (jsonURL) and its baked image (imageURL). */
export function assertionUrls(publicUrl: string, assertionId: string): { jsonURL: string; imageURL: string } {
  const urls = openBadgesVerificationUrls(publicUrl);
  return { jsonURL: urls.assertion(assertionId), imageURL: urls.assertionImage(assertionId) };
}

export const openBadgeAssertionResource = defineResource({
  type: 'open-badge-assertions',
  singular: 'open-badge-assertion',
  category: OPEN_BADGE_ASSERTION_CATEGORY,
  eventPrefix: 'OpenBadgeAssertion',
  module: 'openBadges',
  feature: 'openBadges',
  menu: { group: 'openBadges', icon: 'workspace_premium' },
  attributes: z.object({
    recipientName: z.string().trim().min(1).max(255),
    recipientEmail: z.string().trim().min(3).max(255),
    recipientSalt: z.string().min(8).max(64),
    evidence: z.string().max(10_000).nullable().default(null),
    issuedAt: instant,
    expiresAt: instant.nullable().default(null),
    revokedAt: instant.nullable().default(null),
    revocationReason: z.string().max(5_000).nullable().default(null),
    imageURL: z.string().max(2048).nullable().default(null),
    jsonURL: z.string().max(2048).nullable().default(null),
  }),
  relationships: {
    badge: { type: 'open-badges' },
    issuer: { type: 'organizations' },
    session: { type: 'open-badge-training-sessions' },
    recipient: { type: 'users' },
  },
  // the public assertion page and the verifiers read one assertion; lists are the back office's
  access: { see: APP_ADMINS, index: APP_ADMINS, show: 'everyone' },
  fieldAccess: { recipientEmail: { read: APP_ADMINS } },
  filters: ['issuedAt'],
  search: ['recipientName'],
  sorts: ['issuedAt', 'expiresAt', 'recipientName'],
  // version 2: its table has the index of its descending default sort (issue 21's bench)
  version: 2,
  defaultSort: { field: 'issuedAt', direction: 'desc' },
  title: 'recipientName',
  legacyEvents: {
    [OpenBadgeAssertionRevoked.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => {
        const d = data as z.infer<typeof OpenBadgeAssertionRevoked.schema>;
        return {
          id: d.assertionId,
          attributes: { revokedAt: d.revokedAt, revocationReason: d.reason },
          relationships: {},
        };
      },
    },
  },
});

/** The layer's creation event of an assertion: its stream's first event. */
export const OPEN_BADGE_ASSERTION_CREATED = openBadgeAssertionResource.events.created;

/** The assertion's creation in the layer's shape, from the session's OpenBadgeAssertionIssued. */
export function assertionCreatedData(
  issued: OpenBadgeAssertionIssuedData,
  urls: { jsonURL: string; imageURL: string },
): ResourceCreatedData {
  return {
    id: issued.assertionId,
    attributes: {
      recipientName: issued.recipientName,
      recipientEmail: issued.recipientEmail,
      recipientSalt: issued.recipientSalt,
      evidence: issued.evidence,
      issuedAt: issued.issuedAt,
      expiresAt: issued.expiresAt,
      revokedAt: null,
      revocationReason: null,
      imageURL: urls.imageURL,
      jsonURL: urls.jsonURL,
    },
    relationships: {
      badge: issued.badgeId,
      issuer: issued.issuerId,
      session: issued.sessionId,
      recipient: issued.userId,
    },
  };
}

export type OpenBadgeAssertionEvent =
  { type: 'OpenBadgeAssertionCreated'; data: ResourceCreatedData } | OpenBadgeAssertionRevokedEvent;

export type OpenBadgeAssertionState =
  | { status: 'none' }
  | {
      status: 'issued' | 'revoked';
      assertionId: string;
      badgeId: string;
      issuerId: string;
      recipientId: string;
      revokedAt: string | null;
    };

export const initialOpenBadgeAssertionState = (): OpenBadgeAssertionState => ({ status: 'none' });

export function evolveOpenBadgeAssertion(
  state: OpenBadgeAssertionState,
  event: OpenBadgeAssertionEvent,
): OpenBadgeAssertionState {
  if (event.type === 'OpenBadgeAssertionCreated') {
    const { id, relationships } = event.data;
    return {
      status: 'issued',
      assertionId: id,
      badgeId: String(relationships.badge),
      issuerId: String(relationships.issuer),
      recipientId: String(relationships.recipient),
      revokedAt: null,
    };
  }
  if (state.status === 'none') return state;
  return { ...state, status: 'revoked', revokedAt: event.data.revokedAt };
}
