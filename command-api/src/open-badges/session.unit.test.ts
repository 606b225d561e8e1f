import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { OpenBadgeSessionAction, OpenBadgeSessionEvent } from '@platform/contracts/open-badges/session';
import { sessionAllowedActions } from '@platform/contracts/open-badges/session-state';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import {
  openBadgeSessionDecider,
  type IssueOpenBadgeAssertion,
  type OpenBadgeCaller,
  type OpenBadgeFacts,
  type RequestOpenBadgeSession,
  type RunOpenBadgeSessionAction,
} from './session.ts';

const spec = deciderSpec(openBadgeSessionDecider);
const NOW = new Date('2026-03-02T09:30:00.000Z');
const AT = NOW.toISOString();
const T1 = '2026-03-01T08:00:00.000Z';
const T2 = '2026-03-01T08:10:00.000Z';
const T3 = '2026-03-01T09:00:00.000Z';
const SESSION = '5e000000-0000-4000-8000-000000000001';
const ASSERTION = '5a000000-0000-4000-8000-000000000001';
const BADGE = '5b000000-0000-4000-8000-000000000001';
const ISSUER = '50000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '50000000-0000-4000-8000-00000000000b';
const MEMBER = '0a000000-0000-4000-8000-00000000000a';
const OTHER = '0a000000-0000-4000-8000-00000000000b';
const ISSUING = '0a000000-0000-4000-8000-00000000000c';
const ADMIN = '0a000000-0000-4000-8000-00000000000d';

const metadataOf = (userId: string, actingAsOrganizationId: string | null = null) =>
  specMetadata({ now: NOW, actor: { userId, actingAsOrganizationId, impersonatorId: null } });
const memberCaller: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: null, mayIssue: false };
const issuerCaller: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: ISSUER, mayIssue: true };
const belowCaller: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: ISSUER, mayIssue: false };
const adminCaller: OpenBadgeCaller = { isAdmin: true, actingAsOrganizationId: null, mayIssue: false };

const badge = (overrides: Partial<OpenBadgeFacts> = {}): OpenBadgeFacts => ({
  badgeId: BADGE,
  publishedAt: T1,
  validityDuration: 365,
  modules: [
    { position: 2, title: 'Fitting' },
    { position: 1, title: 'Assessment' },
  ],
  ...overrides,
});

const requesting = (
  overrides: Partial<RequestOpenBadgeSession['data']> = {},
  userId = MEMBER,
): RequestOpenBadgeSession => ({
  type: 'RequestOpenBadgeSession',
  data: {
    sessionId: SESSION,
    badge: badge(),
    issuer: { organizationId: ISSUER, mayIssue: true },
    emailVerified: true,
    ...overrides,
  },
  metadata: metadataOf(userId),
});

function run(
  action: OpenBadgeSessionAction,
  by: string = MEMBER,
  caller: OpenBadgeCaller = by === MEMBER || by === OTHER ? memberCaller : issuerCaller,
): RunOpenBadgeSessionAction {
  return {
    type: 'RunOpenBadgeSessionAction',
    data: { sessionId: SESSION, caller, action },
    metadata: metadataOf(by, caller.actingAsOrganizationId ?? null),
  };
}

const issuing = (caller: OpenBadgeCaller = issuerCaller, by = ISSUING): IssueOpenBadgeAssertion => ({
  type: 'IssueOpenBadgeAssertion',
  data: {
    sessionId: SESSION,
    assertionId: ASSERTION,
    caller,
    recipientName: 'Sam Member',
    recipientEmail: 'member@example.org',
    recipientSalt: 'salt-0123456789',
    evidence: 'Fitted two wheelchairs',
    validityDuration: 365,
  },
  metadata: metadataOf(by, caller.actingAsOrganizationId ?? null),
});

const ev = {
  requested: {
    type: 'OpenBadgeSessionRequested',
    data: {
      sessionId: SESSION,
      badgeId: BADGE,
      issuerId: ISSUER,
      userId: MEMBER,
      modules: [
        { position: 1, title: 'Assessment' },
        { position: 2, title: 'Fitting' },
      ],
      requestedAt: T1,
    },
  } satisfies OpenBadgeSessionEvent,
  accepted: {
    type: 'OpenBadgeSessionAccepted',
    data: { sessionId: SESSION, acceptedAt: T1, by: ISSUING },
  } satisfies OpenBadgeSessionEvent,
  refused: {
    type: 'OpenBadgeSessionRefused',
    data: { sessionId: SESSION, refusedAt: T1, reason: 'Full', by: ISSUING },
  } satisfies OpenBadgeSessionEvent,
  started: (position: number, at: string): OpenBadgeSessionEvent => ({
    type: 'OpenBadgeModuleStarted',
    data: { sessionId: SESSION, position, at },
  }),
  finished: (position: number, at: string): OpenBadgeSessionEvent => ({
    type: 'OpenBadgeModuleFinished',
    data: { sessionId: SESSION, position, at },
  }),
  sessionFinished: {
    type: 'OpenBadgeSessionFinished',
    data: { sessionId: SESSION, finishedAt: AT, durationSeconds: 600 },
  } satisfies OpenBadgeSessionEvent,
};
const inModule2 = [ev.requested, ev.accepted, ev.started(1, T1), ev.finished(1, T2), ev.started(2, T3)];
const finished = [...inModule2.slice(0, 4), ev.started(2, T3), ev.finished(2, AT), ev.sessionFinished];
const state = (code: string) => ({ code, status: 409 });

describe('requesting a training session', () => {
  it('records the request with the badge’s modules in order', () => {
    spec
      .given([])
      .when(requesting())
      .then([{ ...ev.requested, data: { ...ev.requested.data, requestedAt: AT } }]);
    expect(spec.given([ev.requested]).state).toMatchObject({ status: 'requested', userId: MEMBER });
  });

  it('refuses a member whose e-mail is not verified (403)', () => {
    spec
      .given([])
      .when(requesting({ emailVerified: false }))
      .thenThrows(ForbiddenError);
  });

  it('refuses an unknown badge, an unpublished one and one published later, on badgeId, each with its code', () => {
    const onBadge = (code: string) => ({
      code,
      issues: [expect.objectContaining({ pointer: '/data/attributes/badgeId', code })],
    });
    spec
      .given([])
      .when(requesting({ badge: null }))
      .thenThrows(ValidationError, onBadge('validation.open_badge_unpublished'));
    spec
      .given([])
      .when(requesting({ badge: badge({ publishedAt: null }) }))
      .thenThrows(ValidationError, onBadge('validation.open_badge_unpublished'));
    spec
      .given([])
      .when(requesting({ badge: badge({ publishedAt: '2026-04-01T00:00:00.000Z' }) }))
      .thenThrows(ValidationError, onBadge('validation.open_badge_unpublished'));
    spec
      .given([])
      .when(requesting({ badge: badge({ modules: [] }) }))
      .thenThrows(ValidationError, onBadge('validation.open_badge_without_modules'));
  });

  it('refuses an organization under the issuer threshold, and an unknown one, on issuerId, each with its code', () => {
    const onIssuer = (code: string) => ({
      code,
      issues: [expect.objectContaining({ pointer: '/data/attributes/issuerId', code })],
    });
    spec
      .given([])
      .when(requesting({ issuer: { organizationId: ISSUER, mayIssue: false } }))
      .thenThrows(ValidationError, onIssuer('validation.open_badge_issuer_level'));
    spec
      .given([])
      .when(requesting({ issuer: null }))
      .thenThrows(ValidationError, onIssuer('validation.open_badge_issuer_unknown'));
  });

  it('refuses a session id already taken', () => {
    spec
      .given([ev.requested])
      .when(requesting())
      .thenThrows(ConflictError, { code: 'conflict.duplicate_id' });
  });
});

describe('the issuer’s decision', () => {
  it('accepts or refuses a request (the issuer, or an administrator)', () => {
    spec
      .given([ev.requested])
      .when(run({ action: 'accept' }, ISSUING))
      .then([
        { type: 'OpenBadgeSessionAccepted', data: { sessionId: SESSION, acceptedAt: AT, by: ISSUING } },
      ]);
    spec
      .given([ev.requested])
      .when(run({ action: 'refuse', reason: 'Full' }, ADMIN, adminCaller))
      .then([
        {
          type: 'OpenBadgeSessionRefused',
          data: { sessionId: SESSION, refusedAt: AT, reason: 'Full', by: ADMIN },
        },
      ]);
    expect(spec.given([ev.requested, ev.refused]).state).toMatchObject({
      status: 'refused',
      refusedReason: 'Full',
    });
  });

  it('refuses a decision taken twice (409)', () => {
    for (const given of [
      [ev.requested, ev.accepted],
      [ev.requested, ev.refused],
    ]) {
      spec
        .given(given)
        .when(run({ action: 'accept' }, ISSUING))
        .thenThrows(ConflictError, state('conflict.open_badge_session_state'));
      spec
        .given(given)
        .when(run({ action: 'refuse', reason: 'No' }, ISSUING))
        .thenThrows(ConflictError, state('conflict.open_badge_session_state'));
    }
  });

  it('refuses the member, and the issuer organization under the threshold (403)', () => {
    spec
      .given([ev.requested])
      .when(run({ action: 'accept' }, MEMBER))
      .thenThrows(ForbiddenError);
    spec
      .given([ev.requested])
      .when(run({ action: 'accept' }, ISSUING, belowCaller))
      .thenThrows(ForbiddenError);
  });

  it('hides the session from another member and another organization (404)', () => {
    spec
      .given([ev.requested])
      .when(run({ action: 'accept' }, OTHER))
      .thenThrows(NotFoundError);
    spec
      .given([ev.requested])
      .when(run({ action: 'accept' }, ISSUING, { ...issuerCaller, actingAsOrganizationId: OTHER_ORG }))
      .thenThrows(NotFoundError);
    spec
      .given([])
      .when(run({ action: 'accept' }, ISSUING))
      .thenThrows(NotFoundError);
  });
});

describe('the modules, in order', () => {
  it('starts the first module once accepted, then finishes it', () => {
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'start-module' }))
      .then([ev.started(1, AT)]);
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'start-module', position: 1 }))
      .then([ev.started(1, AT)]);
    spec
      .given([ev.requested, ev.accepted, ev.started(1, T1)])
      .when(run({ action: 'finish-module' }))
      .then([ev.finished(1, AT)]);
    expect(spec.given([ev.requested, ev.accepted, ev.started(1, T1)]).state).toMatchObject({
      status: 'in_progress',
      startedAt: T1,
    });
  });

  it('finishing the last module finishes the session with the sum of the modules’ durations', () => {
    // module 1: 10 minutes (T1..T2); module 2: T3..NOW
    const second = (NOW.getTime() - Date.parse(T3)) / 1000;
    spec
      .given(inModule2)
      .when(run({ action: 'finish-module', position: 2 }))
      .then([
        ev.finished(2, AT),
        {
          type: 'OpenBadgeSessionFinished',
          data: { sessionId: SESSION, finishedAt: AT, durationSeconds: 600 + second },
        },
      ]);
  });

  it('refuses modules out of order, a second module while one is in progress, and finishing one not started (409)', () => {
    const conflict = state('conflict.open_badge_session_state');
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'start-module', position: 2 }))
      .thenThrows(ConflictError, conflict);
    spec
      .given([ev.requested, ev.accepted, ev.started(1, T1)])
      .when(run({ action: 'start-module', position: 2 }))
      .thenThrows(ConflictError, conflict);
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'finish-module', position: 1 }))
      .thenThrows(ConflictError, conflict);
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'finish-module' }))
      .thenThrows(ConflictError, conflict);
    spec
      .given(inModule2)
      .when(run({ action: 'finish-module', position: 1 }))
      .thenThrows(ConflictError, conflict);
    spec
      .given(finished)
      .when(run({ action: 'start-module', position: 1 }))
      .thenThrows(ConflictError, conflict);
  });

  it('refuses the modules before the acceptance and after a refusal (409), an unknown position (422)', () => {
    const conflict = state('conflict.open_badge_session_state');
    spec
      .given([ev.requested])
      .when(run({ action: 'start-module' }))
      .thenThrows(ConflictError, conflict);
    spec
      .given([ev.requested, ev.refused])
      .when(run({ action: 'start-module' }))
      .thenThrows(ConflictError, conflict);
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'start-module', position: 7 }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/position' })],
      });
  });

  it('lets only the member work through the modules (the issuer: 403)', () => {
    spec
      .given([ev.requested, ev.accepted])
      .when(run({ action: 'start-module' }, ISSUING))
      .thenThrows(ForbiddenError);
  });
});

describe('issuing the assertion', () => {
  it('issues it once the session is finished, expiring after the badge’s validity', () => {
    spec
      .given(finished)
      .when(issuing())
      .then([
        {
          type: 'OpenBadgeAssertionIssued',
          data: {
            sessionId: SESSION,
            assertionId: ASSERTION,
            badgeId: BADGE,
            issuerId: ISSUER,
            userId: MEMBER,
            recipientName: 'Sam Member',
            recipientEmail: 'member@example.org',
            recipientSalt: 'salt-0123456789',
            evidence: 'Fitted two wheelchairs',
            issuedAt: AT,
            expiresAt: '2027-03-02T09:30:00.000Z',
            by: ISSUING,
          },
        },
      ]);
  });

  it('refuses an assertion issued twice, and one before the session is finished (409)', () => {
    const [issued] = openBadgeSessionDecider.decide(issuing(), spec.given(finished).state);
    const conflict = state('conflict.open_badge_session_state');
    spec
      .given([...finished, issued!])
      .when(issuing())
      .thenThrows(ConflictError, conflict);
    expect(spec.given([...finished, issued!]).state).toMatchObject({
      status: 'awarded',
      assertionId: ASSERTION,
    });
    spec.given(inModule2).when(issuing()).thenThrows(ConflictError, conflict);
  });

  it('lets a retried award finish an assertion whose own stream was not written (nothing more on the session)', () => {
    const [issued] = openBadgeSessionDecider.decide(issuing(), spec.given(finished).state);
    const retry = (caller: OpenBadgeCaller, by: string, assertionRecorded: boolean) => {
      const command = issuing(caller, by);
      return { ...command, data: { ...command.data, assertionRecorded } };
    };
    spec
      .given([...finished, issued!])
      .when(retry(issuerCaller, ISSUING, false))
      .then([]);
    spec
      .given([...finished, issued!])
      .when(retry(issuerCaller, ISSUING, true))
      .thenThrows(ConflictError, state('conflict.open_badge_session_state'));
    // still the issuer's alone
    spec
      .given([...finished, issued!])
      .when(retry(memberCaller, MEMBER, false))
      .thenThrows(ForbiddenError);
  });

  it('refuses the member and the organization under the threshold (403); an administrator may', () => {
    spec.given(finished).when(issuing(memberCaller, MEMBER)).thenThrows(ForbiddenError);
    spec.given(finished).when(issuing(belowCaller)).thenThrows(ForbiddenError);
    expect(
      openBadgeSessionDecider.decide(issuing(adminCaller, ADMIN), spec.given(finished).state),
    ).toHaveLength(1);
  });
});

describe('sessionAllowedActions', () => {
  const member = { isMember: true, isIssuer: false };
  const issuer = { isMember: false, isIssuer: true };
  const of = (events: OpenBadgeSessionEvent[]) => {
    const s = spec.given(events).state;
    if (s.status === 'none') throw new Error('no session');
    return s;
  };

  it('offers each side what its decider accepts, step by step', () => {
    expect(sessionAllowedActions(of([ev.requested]), issuer)).toEqual(['accept', 'refuse']);
    expect(sessionAllowedActions(of([ev.requested]), member)).toEqual([]);
    expect(sessionAllowedActions(of([ev.requested, ev.accepted]), member)).toEqual(['start-module']);
    expect(sessionAllowedActions(of([ev.requested, ev.accepted]), issuer)).toEqual([]);
    expect(sessionAllowedActions(of(inModule2), member)).toEqual(['finish-module']);
    expect(sessionAllowedActions(of(inModule2.slice(0, 4)), member)).toEqual(['start-module']);
    expect(sessionAllowedActions(of(finished), issuer)).toEqual(['issue-assertion']);
    expect(sessionAllowedActions(of(finished), member)).toEqual([]);
    expect(sessionAllowedActions(of([ev.requested, ev.refused]), { isMember: true, isIssuer: true })).toEqual(
      [],
    );
  });
});
