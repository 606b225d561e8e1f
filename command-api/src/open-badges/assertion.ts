import { ConflictError, ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import {
  assertionCreatedData,
  evolveOpenBadgeAssertion,
  initialOpenBadgeAssertionState,
  type OpenBadgeAssertionEvent,
  type OpenBadgeAssertionState,
} from '@platform/contracts/open-badges/assertion';
import type { OpenBadgeAssertionIssuedData } from '@platform/contracts/open-badges/session';
import type { Command, Decider } from '../decider.ts';
import type { OpenBadgeCaller } from './session.ts';

/**
 * The assertion's own stream takes the session's OpenBadgeAssertionIssued as its creation: appended right after
 * the session's, and again (a no-op when it is there) whenever the issue is retried, so that a crash between the
 * two streams is completed by the next attempt.
 */
export type CreateOpenBadgeAssertion = Command<
  'CreateOpenBadgeAssertion',
  { issued: OpenBadgeAssertionIssuedData; urls: { jsonURL: string; imageURL: string } }
>;

/** The issuer (or an administrator) revokes an assertion, once, with a reason. */
export type RevokeOpenBadgeAssertion = Command<
  'RevokeOpenBadgeAssertion',
  { assertionId: string; caller: OpenBadgeCaller; reason: string }
>;

export type OpenBadgeAssertionCommand = CreateOpenBadgeAssertion | RevokeOpenBadgeAssertion;

/** The assertion over its stream `openBadgeAssertion-<id>`. */
export const openBadgeAssertionDecider: Decider<
  OpenBadgeAssertionCommand,
  OpenBadgeAssertionEvent,
  OpenBadgeAssertionState
> = {
  initialState: initialOpenBadgeAssertionState,
  evolve: evolveOpenBadgeAssertion,
  decide(command, state) {
    switch (command.type) {
      case 'CreateOpenBadgeAssertion':
        if (state.status !== 'none') return [];
        return [
          {
            type: 'OpenBadgeAssertionCreated',
            data: assertionCreatedData(command.data.issued, command.data.urls),
          },
        ];
      case 'RevokeOpenBadgeAssertion': {
        const { assertionId, caller, reason } = command.data;
        if (state.status === 'none') throw new NotFoundError(`open badge assertion ${assertionId} not found`);
        const issuer =
          caller.isAdmin || (caller.mayIssue && (caller.actingAsOrganizationId ?? null) === state.issuerId);
        if (!issuer)
          throw new ForbiddenError('Only the issuer organization or an administrator revokes an assertion');
        if (state.status === 'revoked')
          throw new ConflictError(
            'conflict.open_badge_assertion_revoked',
            `The assertion ${assertionId} was revoked at ${state.revokedAt}`,
          );
        return [
          {
            type: 'OpenBadgeAssertionRevoked',
            data: {
              assertionId,
              revokedAt: command.metadata.now.toISOString(),
              reason,
              by: command.metadata.actor.userId ?? 'unknown',
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown open badge assertion command ${(unknown as { type: string }).type}`);
      }
    }
  },
};
