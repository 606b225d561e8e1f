import type { UserEvent } from '@platform/contracts/accounts/events';
import type { UserState } from '@platform/contracts/accounts/user-state';
import { ValidationError } from '@platform/contracts/errors';
import type { CommandMetadata } from '@platform/contracts/metadata';
import { userDecider } from '../accounts/decide.ts';

/** A user named by a membership request, with the state their stream holds now. */
export interface MemberToDecide {
  id: string;
  state: UserState;
}

/** What a membership request does to one user's stream: the events to append there (none: nothing to do). */
export interface MembershipDecision {
  userId: string;
  events: UserEvent[];
}

/**
 * Decides a whole membership request (POST or DELETE /organizations/{id}/relationships/users) before anything
 * is appended: every user is decided on its own stream's state, and the first one that cannot take the change
 * refuses the request, with the index of that user in the list. So a refused request appends nothing. A user
 * named twice is decided once.
 */
export function decideMemberships(
  change: 'join' | 'leave',
  organizationId: string,
  users: readonly MemberToDecide[],
  metadata: CommandMetadata,
): MembershipDecision[] {
  const decided = new Set<string>();
  const decisions: MembershipDecision[] = [];
  for (const [index, user] of users.entries()) {
    if (decided.has(user.id)) continue;
    decided.add(user.id);
    if (user.state.status !== 'active') {
      throw ValidationError.at(`/data/${index}/id`, `user ${user.id} not found`);
    }
    const events = userDecider.decide(
      {
        type: change === 'join' ? 'JoinOrganization' : 'LeaveOrganization',
        data: { id: user.id, organizationId },
        metadata,
      },
      user.state,
    );
    decisions.push({ userId: user.id, events });
  }
  return decisions;
}
