import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { assertionExpiresAt } from '@platform/contracts/open-badges/assertion';
import type {
  OpenBadgeSessionAction,
  OpenBadgeSessionEvent,
  OpenBadgeSessionModule,
} from '@platform/contracts/open-badges/session';
import {
  applyModuleEvent,
  currentModulePosition,
  evolveOpenBadgeSession,
  initialOpenBadgeSessionState,
  moduleInProgress,
  openBadgeSessionViewer,
  sessionDurationSeconds,
  type OpenBadgeSessionRecord,
  type OpenBadgeSessionState,
  type OpenBadgeViewerFacts,
} from '@platform/contracts/open-badges/session-state';
import type { Command, Decider } from '../decider.ts';

const ATTRIBUTES = '/data/attributes';

/** What the edge reads of the badge: null when there is no such badge (or it is deleted). */
export interface OpenBadgeFacts {
  badgeId: string;
  publishedAt: string | null;
  validityDuration: number | null;
  modules: OpenBadgeSessionModule[];
}

/** What the edge reads of the issuer organization: null when there is none; whether it may issue (issuer.ts). */
export interface OpenBadgeIssuerFacts {
  organizationId: string;
  mayIssue: boolean;
}

/** The caller beyond `metadata.actor`: their roles' and acting organization's part (issuer.ts decides mayIssue). */
export type OpenBadgeCaller = Omit<OpenBadgeViewerFacts, 'userId'>;

/** A member asks an issuer organization for a training session on a badge. */
export type RequestOpenBadgeSession = Command<
  'RequestOpenBadgeSession',
  {
    sessionId: string;
    badge: OpenBadgeFacts | null;
    issuer: OpenBadgeIssuerFacts | null;
    /** the member's e-mail is verified (seed 000 §2.2) */
    emailVerified: boolean;
  }
>;

/** accept, refuse, start-module, finish-module (POST /services/open-badges/sessions/{id}/actions). */
export type RunOpenBadgeSessionAction = Command<
  'RunOpenBadgeSessionAction',
  { sessionId: string; caller: OpenBadgeCaller; action: OpenBadgeSessionAction }
>;

/** The issuer awards the badge of a finished session: once per session. */
export type IssueOpenBadgeAssertion = Command<
  'IssueOpenBadgeAssertion',
  {
    sessionId: string;
    assertionId: string;
    caller: OpenBadgeCaller;
    recipientName: string;
    /** the member's e-mail */
    recipientEmail: string;
    recipientSalt: string;
    evidence: string | null;
    /** the badge's validityDuration (days) when the assertion is issued; null: it never expires */
    validityDuration: number | null;
    /**
     * whether the awarded session's assertion has its own stream (OpenBadgeAssertionCreated): false when an award
     * recorded the issue on the session and stopped before the assertion's stream was written; the retried award
     * then appends nothing here and the route completes the assertion. Absent: recorded.
     */
    assertionRecorded?: boolean;
  }
>;

export type OpenBadgeSessionCommand =
  RequestOpenBadgeSession | RunOpenBadgeSessionAction | IssueOpenBadgeAssertion;

const stateConflict = (detail: string, pointer?: string) =>
  new ConflictError('conflict.open_badge_session_state', detail, pointer);

function request(command: RequestOpenBadgeSession, state: OpenBadgeSessionState): OpenBadgeSessionEvent[] {
  const { sessionId, badge, issuer, emailVerified } = command.data;
  const { actor, now } = command.metadata;
  if (state.status !== 'none')
    throw new ConflictError('conflict.duplicate_id', `The training session ${sessionId} already exists`);
  if (actor.userId === null) throw new ForbiddenError('Sign in to request a training session');
  if (!emailVerified) throw new ForbiddenError('Verify your e-mail address to request a training session');
  if (!badge || badge.publishedAt === null || Date.parse(badge.publishedAt) > now.getTime())
    throw ValidationError.at(
      `${ATTRIBUTES}/badgeId`,
      'There is no published open badge with this id',
      'validation.open_badge_unpublished',
    );
  if (badge.modules.length === 0)
    throw ValidationError.at(
      `${ATTRIBUTES}/badgeId`,
      'The open badge has no training module',
      'validation.open_badge_without_modules',
    );
  if (!issuer)
    throw ValidationError.at(
      `${ATTRIBUTES}/issuerId`,
      'There is no such organization',
      'validation.open_badge_issuer_unknown',
    );
  if (!issuer.mayIssue)
    throw ValidationError.at(
      `${ATTRIBUTES}/issuerId`,
      "The organization's access level does not reach the level that issues open badges",
      'validation.open_badge_issuer_level',
    );
  return [
    {
      type: 'OpenBadgeSessionRequested',
      data: {
        sessionId,
        badgeId: badge.badgeId,
        issuerId: issuer.organizationId,
        userId: actor.userId,
        modules: [...badge.modules]
          .sort((a, b) => a.position - b.position)
          .map(({ position, title }) => ({ position, title })),
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/** The session, when the caller takes part in it: another member's session does not exist for them. */
function partOf(
  state: OpenBadgeSessionState,
  sessionId: string,
  userId: string | null,
  caller: OpenBadgeCaller,
): { session: OpenBadgeSessionRecord; isMember: boolean; isIssuer: boolean; actsForIssuer: boolean } {
  const notFound = new NotFoundError(`open badge training session ${sessionId} not found`);
  if (state.status === 'none') throw notFound;
  const part = openBadgeSessionViewer(state, { ...caller, userId });
  if (!part.isMember && !part.isIssuer && !part.actsForIssuer) throw notFound;
  return { session: state, ...part };
}

function requireIssuer(part: { isIssuer: boolean }, action: string): void {
  if (!part.isIssuer)
    throw new ForbiddenError(
      `Only the issuer organization, at the level that issues open badges, may ${action} a training session`,
    );
}

function act(command: RunOpenBadgeSessionAction, state: OpenBadgeSessionState): OpenBadgeSessionEvent[] {
  const { sessionId, caller, action } = command.data;
  const part = partOf(state, sessionId, command.metadata.actor.userId, caller);
  const { session } = part;
  const now = command.metadata.now.toISOString();
  const by = command.metadata.actor.userId ?? 'unknown';
  switch (action.action) {
    case 'accept':
    case 'refuse':
      requireIssuer(part, action.action);
      if (session.status !== 'requested')
        throw stateConflict(`The training session is ${session.status}: ${action.action} needs it requested`);
      return action.action === 'accept'
        ? [{ type: 'OpenBadgeSessionAccepted', data: { sessionId, acceptedAt: now, by } }]
        : [
            {
              type: 'OpenBadgeSessionRefused',
              data: { sessionId, refusedAt: now, reason: action.reason, by },
            },
          ];
    case 'start-module':
    case 'finish-module': {
      if (!part.isMember) throw new ForbiddenError('Only the member trained works through the modules');
      if (session.status !== 'accepted' && session.status !== 'in_progress')
        throw stateConflict(
          `The training session is ${session.status}: ${action.action} needs it accepted or in progress`,
        );
      const inProgress = moduleInProgress(session.modules);
      const next = currentModulePosition(session.modules);
      const position = action.position ?? (action.action === 'finish-module' ? inProgress?.position : next);
      if (
        position !== undefined &&
        position !== null &&
        !session.modules.some((m) => m.position === position)
      )
        throw ValidationError.at(`${ATTRIBUTES}/position`, `The training session has no module ${position}`);
      if (action.action === 'start-module') {
        if (inProgress)
          throw stateConflict(
            `The module ${inProgress.position} is in progress: finish it before starting another`,
            `${ATTRIBUTES}/position`,
          );
        if (next === null || position !== next)
          throw stateConflict(
            `The modules are followed in order: the module to start is ${next}, not ${position}`,
            `${ATTRIBUTES}/position`,
          );
        return [{ type: 'OpenBadgeModuleStarted', data: { sessionId, position, at: now } }];
      }
      if (!inProgress || inProgress.position !== position)
        throw stateConflict(
          inProgress
            ? `The module in progress is ${inProgress.position}, not ${position}`
            : `The module ${position ?? next} is not started: start it before finishing it`,
          `${ATTRIBUTES}/position`,
        );
      const finished = {
        type: 'OpenBadgeModuleFinished' as const,
        data: { sessionId, position: inProgress.position, at: now },
      };
      const modules = applyModuleEvent(session.modules, finished);
      if (modules.some((m) => m.finishedAt === null)) return [finished];
      return [
        finished,
        {
          type: 'OpenBadgeSessionFinished',
          data: { sessionId, finishedAt: now, durationSeconds: sessionDurationSeconds(modules) },
        },
      ];
    }
    default: {
      const unknown: never = action;
      throw new Error(`unknown open badge session action ${(unknown as { action: string }).action}`);
    }
  }
}

function issue(command: IssueOpenBadgeAssertion, state: OpenBadgeSessionState): OpenBadgeSessionEvent[] {
  const d = command.data;
  const part = partOf(state, d.sessionId, command.metadata.actor.userId, d.caller);
  requireIssuer(part, 'award');
  const { session } = part;
  if (session.status === 'awarded') {
    // a partial award (the session's issue recorded, the assertion's stream not): the retry finishes it
    if (d.assertionRecorded === false) return [];
    throw stateConflict(`The training session is already awarded its assertion ${session.assertionId}`);
  }
  if (session.status !== 'finished')
    throw stateConflict(`The training session is ${session.status}: issuing its assertion needs it finished`);
  const issuedAt = command.metadata.now.toISOString();
  return [
    {
      type: 'OpenBadgeAssertionIssued',
      data: {
        sessionId: d.sessionId,
        assertionId: d.assertionId,
        badgeId: session.badgeId,
        issuerId: session.issuerId,
        userId: session.userId,
        recipientName: d.recipientName,
        recipientEmail: d.recipientEmail,
        recipientSalt: d.recipientSalt,
        evidence: d.evidence,
        issuedAt,
        expiresAt: assertionExpiresAt(issuedAt, d.validityDuration),
        by: command.metadata.actor.userId ?? 'unknown',
      },
    },
  ];
}

/** The training session over its stream `openBadgeSession-<id>` (ARCHITECTURE.md §4). */
export const openBadgeSessionDecider: Decider<
  OpenBadgeSessionCommand,
  OpenBadgeSessionEvent,
  OpenBadgeSessionState
> = {
  initialState: initialOpenBadgeSessionState,
  evolve: evolveOpenBadgeSession,
  decide(command, state) {
    switch (command.type) {
      case 'RequestOpenBadgeSession':
        return request(command, state);
      case 'RunOpenBadgeSessionAction':
        return act(command, state);
      case 'IssueOpenBadgeAssertion':
        return issue(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`unknown open badge session command ${(unknown as { type: string }).type}`);
      }
    }
  },
};
