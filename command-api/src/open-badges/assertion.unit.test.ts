import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import {
  assertionCreatedData,
  assertionExpiresAt,
  isExpired,
  type OpenBadgeAssertionEvent,
} from '@platform/contracts/open-badges/assertion';
import type { OpenBadgeAssertionIssuedData } from '@platform/contracts/open-badges/session';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { openBadgeAssertionDecider, type RevokeOpenBadgeAssertion } from './assertion.ts';
import type { OpenBadgeCaller } from './session.ts';

const spec = deciderSpec(openBadgeAssertionDecider);
const NOW = new Date('2026-03-02T09:30:00.000Z');
const ASSERTION = '5a000000-0000-4000-8000-000000000001';
const ISSUER = '50000000-0000-4000-8000-00000000000a';
const ISSUING = '0a000000-0000-4000-8000-00000000000c';
const urls = { jsonURL: 'https://example.org/a.json', imageURL: 'https://example.org/a.png' };
const issued: OpenBadgeAssertionIssuedData = {
  sessionId: '5e000000-0000-4000-8000-000000000001',
  assertionId: ASSERTION,
  badgeId: '5b000000-0000-4000-8000-000000000001',
  issuerId: ISSUER,
  userId: '0a000000-0000-4000-8000-00000000000a',
  recipientName: 'Sam Member',
  recipientEmail: 'member@example.org',
  recipientSalt: 'salt-0123456789',
  evidence: null,
  issuedAt: '2026-03-01T08:00:00.000Z',
  expiresAt: null,
  by: ISSUING,
};
const created: OpenBadgeAssertionEvent = {
  type: 'OpenBadgeAssertionCreated',
  data: assertionCreatedData(issued, urls),
};
const revoked: OpenBadgeAssertionEvent = {
  type: 'OpenBadgeAssertionRevoked',
  data: { assertionId: ASSERTION, revokedAt: '2026-03-01T09:00:00.000Z', reason: 'Mistake', by: ISSUING },
};
const issuer: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: ISSUER, mayIssue: true };
const revoking = (caller: OpenBadgeCaller = issuer): RevokeOpenBadgeAssertion => ({
  type: 'RevokeOpenBadgeAssertion',
  data: { assertionId: ASSERTION, caller, reason: 'Fraud' },
  metadata: specMetadata({
    now: NOW,
    actor: {
      userId: ISSUING,
      actingAsOrganizationId: caller.actingAsOrganizationId ?? null,
      impersonatorId: null,
    },
  }),
});

describe('the assertion', () => {
  it('is created from the session’s issue once; created again, nothing is appended', () => {
    const create = {
      type: 'CreateOpenBadgeAssertion' as const,
      data: { issued, urls },
      metadata: specMetadata(),
    };
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).then([]);
  });

  it('is revoked by its issuer with a reason', () => {
    spec
      .given([created])
      .when(revoking())
      .then([
        {
          type: 'OpenBadgeAssertionRevoked',
          data: { assertionId: ASSERTION, revokedAt: NOW.toISOString(), reason: 'Fraud', by: ISSUING },
        },
      ]);
    spec
      .given([created])
      .when(revoking({ isAdmin: true, actingAsOrganizationId: null, mayIssue: false }))
      .then([expect.objectContaining({ type: 'OpenBadgeAssertionRevoked' }) as OpenBadgeAssertionEvent]);
  });

  it('refuses a revocation of a revoked assertion (409)', () => {
    spec
      .given([created, revoked])
      .when(revoking())
      .thenThrows(ConflictError, { code: 'conflict.open_badge_assertion_revoked', status: 409 });
  });

  it('refuses another organization, one under the threshold (403), and an unknown assertion (404)', () => {
    spec
      .given([created])
      .when(revoking({ ...issuer, actingAsOrganizationId: null }))
      .thenThrows(ForbiddenError);
    spec
      .given([created])
      .when(revoking({ ...issuer, mayIssue: false }))
      .thenThrows(ForbiddenError);
    spec.given([]).when(revoking()).thenThrows(NotFoundError);
  });
});

describe('expiry', () => {
  it('expires validityDuration days after the issue, never without one', () => {
    expect(assertionExpiresAt('2026-03-01T08:00:00.000Z', 30)).toBe('2026-03-31T08:00:00.000Z');
    expect(assertionExpiresAt('2026-03-01T08:00:00.000Z', null)).toBeNull();
  });

  it('is expired once expiresAt is past', () => {
    expect(isExpired({ expiresAt: '2026-03-02T09:29:59.000Z' }, NOW)).toBe(true);
    expect(isExpired({ expiresAt: NOW.toISOString() }, NOW)).toBe(true);
    expect(isExpired({ expiresAt: '2026-03-02T09:30:01.000Z' }, NOW)).toBe(false);
    expect(isExpired({ expiresAt: null }, NOW)).toBe(false);
  });
});
