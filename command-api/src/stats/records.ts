import { StatsRecorded, type StatsRecord } from '@platform/contracts/stats/records';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** Why a batch is not kept: a bot's, or from an origin or a client an administrator banned. */
export type StatsDrop = 'bot' | 'banned';

export type StatsCommand = Command<
  'RecordStats',
  {
    records: StatsRecord[];
    /** `user:<id>` or `visitor:<daily key>` (visitor-key.ts) */
    visitor: string;
    origin: string;
    /** what the route found out about the sender before deciding: null, kept */
    drop: StatsDrop | null;
  }
>;

export type StatsEvent = DomainEvent<typeof StatsRecorded.type, (typeof StatsRecorded)['schema']['_output']>;

/** A batch's stream: recorded once. */
export interface StatsBatchState {
  recorded: boolean;
}

/**
 * A batch of statistics records (issue 22, ADR 0038), decided on its own stream: kept as one StatsRecorded, or
 * dropped without a trace when it is a bot's or banned (the reader is never told: their page goes on). A batch
 * sent again under the same idempotency key lands on the same stream and is not counted twice.
 */
export const statsDecider: Decider<StatsCommand, StatsEvent, StatsBatchState> = {
  initialState: () => ({ recorded: false }),
  evolve: (state, event) => (event.type === StatsRecorded.type ? { recorded: true } : state),
  decide: (command, state) => {
    if (state.recorded || command.data.drop !== null) return [];
    const { records, visitor, origin } = command.data;
    return [
      {
        type: StatsRecorded.type,
        data: { records, visitor, origin, recordedAt: command.metadata.now.toISOString() },
      },
    ];
  },
};
