import { emailKey } from '@platform/contracts/accounts/emails';
import { userStreamId } from '@platform/contracts/accounts/events';
import { loadState, type EventStore } from '@platform/infra/event-store';
import {
  holderOf,
  type UniqueValueDeps,
  type UniqueValueScope,
  type ValueHolder,
} from '../claims/unique-values.ts';
import { userDecider } from './decide.ts';
import type { UserState } from '@platform/contracts/accounts/user-state';

/** E-mail addresses are unique across user streams through claim streams (ADR 0008). */
export const EMAIL_SCOPE: UniqueValueScope = {
  category: 'emailclaim',
  normalise: (value) => emailKey(value) ?? value.trim().toLowerCase(),
  conflictCode: 'conflict.duplicate_email',
  noun: 'e-mail address',
};

export const userOwner = (id: string): ValueHolder => ({ type: 'user', id });

export interface LoadedUser {
  state: UserState;
  /** the stream's last version ('no_stream' when empty): send it as expectedVersion to decide on what was checked */
  version: bigint | 'no_stream';
}

export async function loadUser(eventStore: EventStore, id: string): Promise<LoadedUser> {
  const { state, version } = await loadState(eventStore, userStreamId(id), userDecider);
  return { state, version };
}

/** The user who holds an address (sign-in, reset), read from its claim stream: no read model, no lag. */
export async function userIdByEmail(deps: UniqueValueDeps, email: string): Promise<string | null> {
  if (emailKey(email) === null) return null;
  const owner = await holderOf(deps, EMAIL_SCOPE, email);
  return owner?.type === 'user' ? owner.id : null;
}

/** A claim whose user never got recorded, or who moved to another address since, may be taken over. */
export function emailStillHeld(eventStore: EventStore) {
  return async (owner: ValueHolder, email: string): Promise<boolean> => {
    if (owner.type !== 'user') return true;
    const { state } = await loadUser(eventStore, owner.id);
    return state.status === 'active' && EMAIL_SCOPE.normalise(state.email) === email;
  };
}
