import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { assertionUrls, openBadgeAssertionStreamId } from '@platform/contracts/open-badges/assertion';
import {
  openBadgeSessionStreamId,
  type OpenBadgeAssertionIssuedData,
} from '@platform/contracts/open-badges/session';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { evolveResource, resourceStartState } from '@platform/contracts/resources/state';
import { handleCommand } from '@platform/command-api/handler';
import { openBadgeAssertionDecider } from '@platform/command-api/open-badges/assertion';
import { loadOpenBadgeFacts } from '@platform/command-api/open-badges/routes';
import {
  openBadgeSessionDecider,
  type OpenBadgeCaller,
  type OpenBadgeSessionCommand,
} from '@platform/command-api/open-badges/session';
import { readStreamOrEmpty, type EventStore } from '@platform/infra/event-store';
import { DEMO_OPEN_BADGE_ISSUER_MEMBER } from './demo-open-badges.ts';

/** the demo member awarded a badge (member_level_2, e-mail verified) */
export const DEMO_OPEN_BADGE_RECIPIENT = 'member2@demo.example';
/** the demo badge awarded */
export const DEMO_AWARDED_BADGE = 'switch-access';

const MINUTE = 60_000;

/** A stable uuid from a name, so that the seeding run again appends nothing it already did. */
function nameUuid(name: string): string {
  const hex = createHash('sha256').update(`demo-open-badge-assertion:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo assertion's id: the same on every demo site (its public page is /open-badges/assertions/{id}). */
export const DEMO_OPEN_BADGE_ASSERTION_ID = nameUuid('assertion');

/**
 * One awarded assertion (issue 20): the demo member's training session on a demo badge, requested, accepted by the
 * member acting as the issuer organization, its modules done in order (twenty minutes each, a month before the
 * seeding), and the assertion issued. Every step goes through the workflow's deciders as the person who takes it,
 * with an idempotency key derived from the step, so an interrupted seeding is completed by the next start.
 */
export async function seedDemoOpenBadgeAssertion(deps: {
  eventStore: EventStore;
  contracts: EventContractRegistry;
  /** PUBLIC_URL: the assertion's jsonURL and imageURL are under it (ADR 0030), as the award route's are */
  publicUrl: string;
  logger: Logger;
  clock?: () => Date;
  accounts: ReadonlyMap<string, string>;
  badges: ReadonlyMap<string, string>;
}): Promise<void> {
  const badgeId = deps.badges.get(DEMO_AWARDED_BADGE);
  const memberId = deps.accounts.get(DEMO_OPEN_BADGE_RECIPIENT);
  const issuerMemberId = deps.accounts.get(DEMO_OPEN_BADGE_ISSUER_MEMBER);
  if (!badgeId || !memberId || !issuerMemberId)
    throw new Error('the demo open badge or its people are missing');
  const stored = await readStreamOrEmpty(deps.eventStore, openBadgeResource.streamId(badgeId));
  const badgeRecord = stored.reduce(
    (s, e) => evolveResource(openBadgeResource, s, e),
    resourceStartState(openBadgeResource, badgeId),
  );
  const organizationId = badgeRecord.status === 'active' ? badgeRecord.relationships.organization : null;
  const badge = await loadOpenBadgeFacts(deps, badgeId);
  if (typeof organizationId !== 'string' || !badge) throw new Error('the demo open badge is not seeded');

  const sessionId = nameUuid('session');
  const issuer: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: organizationId, mayIssue: true };
  const start = (deps.clock ?? (() => new Date()))().getTime() - 30 * 24 * 60 * MINUTE;
  let step = 0;
  const run = async (
    command: Omit<OpenBadgeSessionCommand, 'metadata'>,
    by: 'member' | 'issuer',
    minutes: number,
  ) => {
    step += 1;
    const correlationId = nameUuid(`step-${step}`);
    return handleCommand(
      { eventStore: deps.eventStore, contracts: deps.contracts },
      {
        streamId: openBadgeSessionStreamId(sessionId),
        decider: openBadgeSessionDecider,
        command: {
          ...command,
          metadata: {
            now: new Date(start + minutes * MINUTE),
            actor:
              by === 'member'
                ? { userId: memberId, actingAsOrganizationId: null, impersonatorId: null }
                : { userId: issuerMemberId, actingAsOrganizationId: organizationId, impersonatorId: null },
            correlationId,
            causationId: correlationId,
          },
        } as OpenBadgeSessionCommand,
        idempotencyKey: `seed:open-badges:assertion:${step}`,
      },
    );
  };

  await run(
    {
      type: 'RequestOpenBadgeSession',
      data: { sessionId, badge, issuer: { organizationId, mayIssue: true }, emailVerified: true },
    },
    'member',
    0,
  );
  await run(
    { type: 'RunOpenBadgeSessionAction', data: { sessionId, caller: issuer, action: { action: 'accept' } } },
    'issuer',
    60,
  );
  const member: OpenBadgeCaller = { isAdmin: false, actingAsOrganizationId: null, mayIssue: false };
  let minutes = 24 * 60;
  for (const module of badge.modules) {
    for (const action of ['start-module', 'finish-module'] as const) {
      await run(
        {
          type: 'RunOpenBadgeSessionAction',
          data: { sessionId, caller: member, action: { action, position: module.position } },
        },
        'member',
        minutes,
      );
      minutes += 20;
    }
  }
  const issued = await run(
    {
      type: 'IssueOpenBadgeAssertion',
      data: {
        sessionId,
        assertionId: DEMO_OPEN_BADGE_ASSERTION_ID,
        caller: issuer,
        recipientName: 'Member Two',
        recipientEmail: DEMO_OPEN_BADGE_RECIPIENT,
        recipientSalt: nameUuid('salt').replace(/-/g, ''),
        evidence: 'Set up two-switch scanning on a communication device with a user.',
        validityDuration: badge.validityDuration,
      },
    },
    'issuer',
    minutes + 24 * 60,
  );
  const data = issued.events.find((e) => e.type === 'OpenBadgeAssertionIssued')?.data as
    OpenBadgeAssertionIssuedData | undefined;
  if (!data) throw new Error('the demo assertion was not issued');
  await handleCommand(
    { eventStore: deps.eventStore, contracts: deps.contracts },
    {
      streamId: openBadgeAssertionStreamId(data.assertionId),
      decider: openBadgeAssertionDecider,
      command: {
        type: 'CreateOpenBadgeAssertion',
        data: { issued: data, urls: assertionUrls(deps.publicUrl, data.assertionId) },
        metadata: {
          now: new Date(data.issuedAt),
          actor: { userId: issuerMemberId, actingAsOrganizationId: organizationId, impersonatorId: null },
          correlationId: data.assertionId,
          causationId: data.assertionId,
        },
      },
      idempotencyKey: `open-badge-assertion:${data.assertionId}`,
    },
  );
  deps.logger.info({ assertionId: data.assertionId }, 'demo open badge assertion seeded');
}
