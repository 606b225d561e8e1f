import type { HomeStatsCounter } from '@platform/contracts/stats/home-stats';
import { counterChangeOf, HOME_STATS_EVENT_TYPES } from '@platform/contracts/stats/home-stats-events';
import type { Projection } from '../projection.ts';

/** Column of `home_stats` per counter: fixed names, never built from event data. */
const COLUMN: Record<HomeStatsCounter, string> = {
  organizationsCount: 'organizations_count',
  repositoryItemsCount: 'repository_items_count',
  accompaniedPatientsCount: 'accompanied_patients_count',
};

/**
 * `home_stats`: one row ('main') with the community numbers of the home page. `home_stats_members` keeps which
 * streams each counter counts, so a counter moves only when an entity really enters or leaves it (an entity
 * entered twice counts once). The mapping from event types to changes is the contract's
 * (contracts/src/stats/home-stats.ts): today only created organizations; the repository and eqlaat columns stay
 * 0 until those modules declare events that feed them.
 *
 * Version 2: counts the organizations the organizations module creates (version 1 counted event types that
 * nothing appends, so every number stayed 0). Version 3: and those the organizations resource creates.
 */
export const homeStatsProjection: Projection = {
  name: 'home_stats',
  version: 3,
  eventTypes: HOME_STATS_EVENT_TYPES,
  tables: ['home_stats'],
  async setup(tx) {
    await tx.unsafe(`
      create table home_stats (
        id text primary key,
        organizations_count bigint not null default 0,
        repository_items_count bigint not null default 0,
        accompanied_patients_count bigint not null default 0,
        updated_at timestamptz null
      );
      create table home_stats_members (
        counter text not null,
        stream_id text not null,
        primary key (counter, stream_id)
      );
      insert into home_stats (id) values ('main');
    `);
  },
  async apply(tx, event) {
    const change = counterChangeOf(event.type);
    if (!change) return;
    const changed =
      change.change === 'enter'
        ? await tx`insert into home_stats_members (counter, stream_id) values (${change.counter}, ${event.streamId})
                   on conflict do nothing returning 1`
        : await tx`delete from home_stats_members where counter = ${change.counter} and stream_id = ${event.streamId}
                   returning 1`;
    if (changed.length === 0) return;
    const column = tx(COLUMN[change.counter]);
    const delta = change.change === 'enter' ? 1 : -1;
    await tx`update home_stats set ${column} = ${column} + ${delta}, updated_at = ${event.metadata.recordedAt}
              where id = 'main'`;
  },
};
