import type { Sql } from 'postgres';
import type {
  EventStore,
  GlobalPosition,
  RecordedEvent,
  SubscriptionBatch,
} from '@platform/infra/event-store';
import { advanceTogether, applyBatchAndAdvance, CheckpointMovedError } from './apply-batch.ts';
import type { Projection } from './projection.ts';
import type { BuildTarget } from './target.ts';

export interface SharedReadOptions {
  sql: Sql;
  eventStore: EventStore;
  /** every projection the runner may hold: the read is filtered by their event types together */
  projections: readonly Projection[];
  /** events per read at the head */
  batchSize: number;
  /** the largest read while the shared read is behind (a burst of appends); default `batchSize` */
  maxBatchSize?: number;
}

export interface FollowOptions {
  /** a live build whose stored checkpoint is `position`, at the head of `$all` as its own feed last saw it */
  target: BuildTarget;
  position: GlobalPosition;
  /** the projection stops following: it leaves the read once its batch in flight is done */
  signal: AbortSignal;
  /**
   * Feeds the build on its own up to the head again and answers its stored checkpoint there: called, while the
   * shared read waits, when the read has gone past where the build stood.
   */
  catchUp(): Promise<GlobalPosition>;
  /** after each page that moved the build's checkpoint */
  onBatch?(): void;
}

export interface SharedRead {
  /**
   * Follows `$all` for one build in this process's shared read until `signal` aborts (resolves then, its batch in
   * flight finished) or the build must leave it (rejects: an error of its projection or of the read, or
   * CheckpointMovedError when its checkpoint is no longer where this process stored it). A build that left catches
   * up on its own (feed) and follows again.
   */
  follow(options: FollowOptions): Promise<void>;
  /** the names of the builds following (`checkpointName:version`) */
  members(): string[];
  /** waits for the read to end once every member has left */
  settled(): Promise<void>;
}

interface Member {
  key: string;
  target: BuildTarget;
  /** null: every type */
  types: ReadonlySet<string> | null;
  /** its stored checkpoint, as this process last wrote (or read) it */
  position: GlobalPosition;
  /** its checkpoint may be after the read's position (it joined ahead of it): pages are cut where it stands */
  ahead: boolean;
  signal: AbortSignal;
  onBatch?: () => void;
  leave(error?: unknown): void;
}

/** A small mutual exclusion: pages are handed out one at a time, and members join or leave between them. */
function serial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

const keyOf = (target: BuildTarget) => `${target.checkpointName}:${target.version}`;

/**
 * One read of `$all` for every projection a projector process holds (ADR 0051). Each page, read once with the
 * projections' event types together, is handed to the projections that read its events, each in a transaction of its
 * own (its rows and its checkpoint together, as when it reads alone: applyBatchAndAdvance); the checkpoints of those
 * that had none of their events in the page are moved to the page's end together, in one statement
 * (advanceTogether). An append then costs the process one read and two or three transactions, however many
 * projections it holds, where each projection reading alone read and moved its checkpoint for every append.
 *
 * Only live builds caught up with the head follow the read: a build that is behind, being built beside the live
 * version, or rebuilt, feeds itself (feed.ts) and joins once it is live and at the head. One that joins behind the
 * read's position catches up on its own while the read waits; one that joins ahead of it is handed, from the pages
 * that span its position, only the events after it. A build whose projection fails, or whose checkpoint was moved
 * elsewhere, leaves the read; the others go on.
 */
export function createSharedRead(options: SharedReadOptions): SharedRead {
  const { sql, eventStore } = options;
  const everyType = options.projections.some((p) => p.eventTypes.length === 0);
  const types = everyType ? undefined : [...new Set(options.projections.flatMap((p) => p.eventTypes))];
  const withPayload = options.projections.some((p) => p.readsPayload ?? true);
  const exclusive = serial();
  const members = new Map<string, Member>();
  /** where every member that is not `ahead` stands: the end of the last page handed out */
  let position: GlobalPosition = 0n;
  /** the read in progress; a read whose members all left stops, and the next member starts a new one */
  let current: { controller: AbortController } | undefined;
  /** the reads not ended yet (one, and a stopped one finishing its last page) */
  const reads = new Set<Promise<void>>();

  function remove(member: Member): boolean {
    if (members.get(member.key) !== member) return false;
    members.delete(member.key);
    if (members.size === 0 && current) {
      current.controller.abort();
      current = undefined;
    }
    return true;
  }

  function start(from: GlobalPosition) {
    const controller = new AbortController();
    const read = { controller };
    const done = (async () => {
      try {
        for await (const batch of eventStore.subscribeToAll({
          fromPosition: from,
          ...(types ? { filter: { eventTypes: types } } : {}),
          signal: controller.signal,
          batchSize: options.batchSize,
          maxBatchSize: options.maxBatchSize ?? options.batchSize,
          withPayload,
        })) {
          await exclusive(async () => {
            if (current === read) await handOut(batch);
          });
        }
      } catch (error) {
        // the read itself failed (PostgreSQL away): every member leaves and retries on its own
        await exclusive(async () => {
          if (current !== read) return;
          current = undefined;
          for (const member of [...members.values()]) {
            remove(member);
            member.leave(error);
          }
        });
      }
    })();
    reads.add(done);
    void done.finally(() => reads.delete(done));
    current = read;
    position = from;
  }

  /** the events of `events` (in `$all` order) after `after` */
  async function eventsAfter(events: RecordedEvent[], after: GlobalPosition): Promise<RecordedEvent[]> {
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((await eventStore.comparePositions(events[middle]!.globalPosition, after)) > 0) high = middle;
      else low = middle + 1;
    }
    return events.slice(low);
  }

  async function handOut(batch: SubscriptionBatch) {
    const to = batch.checkpoint;
    const applying: Array<{ member: Member; events: RecordedEvent[] }> = [];
    const idle: Member[] = [];
    for (const member of members.values()) {
      let events = batch.events;
      if (member.ahead) {
        const order = await eventStore.comparePositions(member.position, to);
        if (order >= 0) {
          // the page ends before (or where) it stands: nothing of this page is its own
          if (order === 0) member.ahead = false;
          continue;
        }
        events = await eventsAfter(events, member.position);
        member.ahead = false;
      }
      const own = member.types ? events.filter((e) => member.types!.has(e.type)) : events;
      if (own.length > 0) applying.push({ member, events: own });
      else idle.push(member);
    }
    const moved = (member: Member) => {
      member.position = to;
      member.onBatch?.();
    };
    const leave = (member: Member, error: unknown) => {
      remove(member);
      member.leave(error);
    };
    await Promise.all([
      ...applying.map(async ({ member, events }) => {
        try {
          await applyBatchAndAdvance(sql, member.target, member.position, { events, checkpoint: to });
          moved(member);
        } catch (error) {
          leave(member, error);
        }
      }),
      (async () => {
        if (idle.length === 0) return;
        try {
          const done = await advanceTogether(
            sql,
            idle.map((m) => ({ target: m.target, from: m.position })),
            to,
          );
          for (const member of idle) {
            if (done.has(member.key)) moved(member);
            // moved elsewhere, retired or locked by another: it reads its checkpoint again on its own
            else leave(member, new CheckpointMovedError(undefined));
          }
        } catch (error) {
          for (const member of idle) leave(member, error);
        }
      })(),
    ]);
    position = to;
  }

  return {
    follow(follow) {
      const { target, signal } = follow;
      const key = keyOf(target);
      return new Promise<void>((resolve, reject) => {
        const projection = target.projection;
        const member: Member = {
          key,
          target,
          types: projection.eventTypes.length > 0 ? new Set(projection.eventTypes) : null,
          position: follow.position,
          ahead: false,
          signal,
          ...(follow.onBatch ? { onBatch: follow.onBatch } : {}),
          leave: (error) => {
            signal.removeEventListener('abort', onAbort);
            if (error === undefined) resolve();
            else reject(error);
          },
        };
        // stops following once the page in flight is handed out (its transaction finished)
        const onAbort = () => {
          void exclusive(async () => {
            remove(member);
          }).then(() => member.leave());
        };
        void exclusive(async () => {
          if (signal.aborted) return member.leave();
          if (members.has(key)) throw new Error(`${key} follows the shared read already`);
          if (!current) {
            members.set(key, member);
            start(member.position);
          } else {
            // the read waits meanwhile, so its position holds still
            let order = await eventStore.comparePositions(member.position, position);
            for (let attempt = 0; order < 0; attempt++) {
              if (signal.aborted) return member.leave();
              if (attempt === 3) throw new Error(`${key} could not catch up with the shared read`);
              member.position = await follow.catchUp();
              order = await eventStore.comparePositions(member.position, position);
            }
            member.ahead = order > 0;
            members.set(key, member);
          }
          signal.addEventListener('abort', onAbort, { once: true });
          if (signal.aborted) onAbort();
        }).catch((error: unknown) => member.leave(error));
      });
    },
    members: () => [...members.keys()],
    async settled() {
      await exclusive(async () => undefined);
      await Promise.all([...reads]);
    },
  };
}
