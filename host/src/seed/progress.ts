import type { Command, Decider } from '@platform/command-api/decider';
import type { DemoSeedCompleted, DemoSeedStarted } from '@platform/contracts/seed/events';
import type { EventOf } from '@platform/contracts/event-contracts';

export type DemoSeedEvent = EventOf<typeof DemoSeedStarted> | EventOf<typeof DemoSeedCompleted>;

export type DemoSeedCommand =
  Command<'BeginDemoSeed', { version: number }> | Command<'CompleteDemoSeed', { version: number }>;

/** What the seed stream says of the site: never seeded, a seeding under way (or interrupted), or done. */
export type DemoSeedState =
  { status: 'none' } | { status: 'started'; version: number } | { status: 'completed'; version: number };

export function evolve(_state: DemoSeedState, event: DemoSeedEvent): DemoSeedState {
  switch (event.type) {
    case 'DemoSeedStarted':
      return { status: 'started', version: event.data.version };
    case 'DemoSeedCompleted':
      return { status: 'completed', version: event.data.version };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Beginning a seeding that is already under way appends nothing (the run resumes it), nor does beginning or
 * completing a version the site already has.
 */
export function decide(command: DemoSeedCommand, state: DemoSeedState): DemoSeedEvent[] {
  const { version } = command.data;
  switch (command.type) {
    case 'BeginDemoSeed':
      if (state.status !== 'none' && state.version >= version) return [];
      return [{ type: 'DemoSeedStarted', data: { version } }];
    case 'CompleteDemoSeed':
      if (state.status === 'completed' && state.version >= version) return [];
      return [{ type: 'DemoSeedCompleted', data: { version } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const demoSeedDecider: Decider<DemoSeedCommand, DemoSeedEvent, DemoSeedState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};

/** True when the site holds every piece of demo content of `version`. */
export const isSeeded = (state: DemoSeedState, version: number) =>
  state.status === 'completed' && state.version >= version;
