import type { HomeStatsCounter } from '@platform/contracts/stats/home-stats';
import { asResourceEvent } from '@platform/contracts/resources/definition';
import {
  counterChangeOf,
  HOME_STATS_EVENT_TYPES,
  HOME_STATS_RECORD_COUNTERS,
  isCounted,
  nextCountedRecord,
  type CountedRecord,
} from '@platform/contracts/stats/home-stats-events';
import type { TransactionSql } from 'postgres';
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
 * (contracts/src/stats/home-stats-events.ts): created organizations. A record counter (the repository's
 * published items, the eqlaat team's live projects) keeps each record's state in `home_stats_records` instead, so
 * that an unpublication, a soft deletion or a restoration moves its number once; a counter that is not
 * `published` (the projects) records every record as published, so only its liveness moves it.
 *
 * Version 2: counts the organizations the organizations module creates (version 1 counted event types that
 * nothing appends, so every number stayed 0). Version 3: and those the organizations resource creates.
 * Version 4: the repository's published items (the column had stayed 0 since the repository came). Version 5: the
 * accompanied patients, the eqlaat projects that are live (the column had stayed 0 since the projects came).
 */
export const homeStatsProjection: Projection = {
  name: 'home_stats',
  version: 5,
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
      create table home_stats_records (
        counter text not null,
        stream_id text not null,
        live boolean not null,
        published boolean not null,
        primary key (counter, stream_id)
      );
      insert into home_stats (id) values ('main');
    `);
  },
  async apply(tx, event) {
    for (const counter of HOME_STATS_RECORD_COUNTERS) {
      const resource = asResourceEvent(counter.definition, event);
      if (!resource) continue;
      const [row] = await tx<CountedRecord[]>`
        select live, published from home_stats_records
         where counter = ${counter.counter} and stream_id = ${event.streamId} for update`;
      const before = row ? { live: row.live, published: row.published } : null;
      const after = nextCountedRecord(counter, before, resource);
      if (after)
        await tx`insert into home_stats_records ${tx({ counter: counter.counter, stream_id: event.streamId, ...after })}
                 on conflict (counter, stream_id) do update set live = excluded.live, published = excluded.published`;
      else if (before)
        await tx`delete from home_stats_records where counter = ${counter.counter} and stream_id = ${event.streamId}`;
      await move(
        tx,
        counter.counter,
        Number(isCounted(after)) - Number(isCounted(before)),
        event.metadata.recordedAt,
      );
    }
    const change = counterChangeOf(event.type);
    if (!change) return;
    const changed =
      change.change === 'enter'
        ? await tx`insert into home_stats_members (counter, stream_id) values (${change.counter}, ${event.streamId})
                   on conflict do nothing returning 1`
        : await tx`delete from home_stats_members where counter = ${change.counter} and stream_id = ${event.streamId}
                   returning 1`;
    if (changed.length === 0) return;
    await move(tx, change.counter, change.change === 'enter' ? 1 : -1, event.metadata.recordedAt);
  },
};

/** Moves one counter by `delta` (nothing for 0). */
async function move(tx: TransactionSql, counter: HomeStatsCounter, delta: number, at: string): Promise<void> {
  if (delta === 0) return;
  const column = tx(COLUMN[counter]);
  await tx`update home_stats set ${column} = ${column} + ${delta}, updated_at = ${at} where id = 'main'`;
}
