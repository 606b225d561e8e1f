import { ConflictError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import type { RedirectionEvent } from '@platform/contracts/redirections/events';
import type { Command, Decider } from '../decider.ts';
import { evolveRedirection, initialRedirectionState, type RedirectionState } from './redirection.ts';

/** Paths arrive normalised (contracts SitePathSchema / RedirectionTargetSchema). */
export type CreateAppRedirection = Command<
  'CreateAppRedirection',
  { id: string; name: string | null; fromPath: string; toPath: string }
>;
export type DeleteAppRedirection = Command<'DeleteAppRedirection', { id: string }>;
export type RedirectionCommand = CreateAppRedirection | DeleteAppRedirection;

export function createRedirection(
  command: CreateAppRedirection,
  state: RedirectionState,
): RedirectionEvent[] {
  const { id, name, fromPath, toPath } = command.data;
  if (state.status !== 'none') {
    throw new ConflictError('conflict.duplicate_id', `app-redirection ${id} already exists`, '/data/id');
  }
  // a redirection to its own path would loop forever in the browser
  if (toPath.split(/[?#]/)[0] === fromPath) {
    throw ValidationError.at('/data/attributes/toPath', 'toPath must differ from fromPath');
  }
  return [{ type: 'AppRedirectionCreated', data: { id, name, fromPath, toPath } }];
}

export function deleteRedirection(
  command: DeleteAppRedirection,
  state: RedirectionState,
): RedirectionEvent[] {
  if (state.status !== 'active') throw new NotFoundError(`app-redirection ${command.data.id} not found`);
  return [{ type: 'AppRedirectionDeleted', data: { id: state.id, fromPath: state.fromPath } }];
}

export function decideRedirection(command: RedirectionCommand, state: RedirectionState): RedirectionEvent[] {
  switch (command.type) {
    case 'CreateAppRedirection':
      return createRedirection(command, state);
    case 'DeleteAppRedirection':
      return deleteRedirection(command, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const redirectionDecider: Decider<RedirectionCommand, RedirectionEvent, RedirectionState> = {
  initialState: initialRedirectionState,
  evolve: evolveRedirection,
  decide: decideRedirection,
};
