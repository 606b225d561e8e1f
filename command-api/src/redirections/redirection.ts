import type { RedirectionEvent } from '@platform/contracts/redirections/events';

export type RedirectionState =
  | { status: 'none' }
  | { status: 'active'; id: string; name: string | null; fromPath: string; toPath: string }
  | { status: 'deleted'; id: string; fromPath: string };

export const initialRedirectionState = (): RedirectionState => ({ status: 'none' });

export function evolveRedirection(state: RedirectionState, event: RedirectionEvent): RedirectionState {
  switch (event.type) {
    case 'AppRedirectionCreated':
      return { status: 'active', ...event.data };
    case 'AppRedirectionDeleted':
      return { status: 'deleted', id: event.data.id, fromPath: event.data.fromPath };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
