import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import {
  PostgresEventStore,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventToAppend,
  type ExpectedVersion,
} from '@platform/infra/event-store';
import { insertEvents } from '@platform/infra/event-store/postgres-append';

/**
 * One process of the multi-process event store test (infra/src/event-store/multi-process.int.test.ts): a writer or a
 * subscriber on the test's database. It is told what to do by its environment and by JSON lines on stdin, and
 * reports by JSON lines on stdout. stdout is a pipe, written synchronously on Linux: once a line was written, the
 * append it reports was acknowledged; a process killed before writing it had no acknowledgement to report.
 *
 * WORKER_ROLE:
 * - `rounds`: contended rounds on the shared streams `x0`, `x1` (one event each) and `xb` (a batch of three), each
 *   with the expected version read before the round; the test says `{"go":r}` when every writer has read round r.
 *   Beside them, `any` appends (single events and batches, some in a transaction held open a moment) to `a0`, `a1`.
 * - `lanes`: until `{"stop":true}`, exact-version appends to the shared `k0` (re-read and retried when another
 *   writer took the revision), `any` appends to `k1` (some held open), exact-version batches to a stream of its own,
 *   and with WORKER_BATCHES large `any` batches to `b`. With WORKER_HOLD_AFTER=n, after n acknowledged appends it
 *   also appends a batch to `k0` in a transaction that it leaves open for good (the test kills it).
 * - `subscribe`: subscribes to `$all` from the start, filtered to the category, until `{"stop":true}`.
 */

const url = required('DATABASE_URL');
const name = required('WORKER_NAME');
const role = required('WORKER_ROLE');
const category = required('WORKER_CATEGORY');
const stream = (suffix: string) => `${category}-${suffix}`;

// one pool, named so that the test can see in pg_stat_activity when PostgreSQL has ended this process's sessions
const sql = postgres(url, { max: 8, onnotice: () => {}, connection: { application_name: name } });
const store = new PostgresEventStore({ sql });

function required(key: string): string {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is required`);
  return value;
}

const report = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** Commands from the test, and waits for one. */
const commands: Record<string, unknown>[] = [];
const waiters: (() => void)[] = [];
let stopped = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Record<string, unknown>;
  if (command.stop) stopped = true;
  commands.push(command);
  for (const wake of waiters.splice(0)) wake();
});
async function command(matches: (c: Record<string, unknown>) => boolean): Promise<void> {
  while (!commands.some(matches)) await new Promise<void>((resolve) => waiters.push(resolve));
}

/** Appends numbered per process: every event carries its append's number, so the test can group a batch's events. */
let appends = 0;
let acknowledged = 0;
/** called after each acknowledgement (the hold of `lanes` starts from it) */
let onAcknowledged = () => {};

function eventsOf(a: number, count: number, type = 'Written', padding = 0): EventToAppend[] {
  return Array.from({ length: count }, (_, i) => {
    const eventId = randomUUID();
    return {
      eventId,
      type,
      data: { w: name, a, i, n: count, ...(padding ? { pad: 'x'.repeat(padding) } : {}) },
      metadata: {
        eventId,
        correlationId: eventId,
        causationId: eventId,
        actor: { userId: name, actingAsOrganizationId: null, impersonatorId: null },
        recordedAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    };
  });
}

/** The stream's last revision, -1n when it has none. */
async function lastRevision(streamId: string): Promise<bigint> {
  try {
    const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last ? last.streamVersion : -1n;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return -1n;
    throw error;
  }
}

const expectedOf = (revision: bigint): ExpectedVersion => (revision < 0n ? 'no_stream' : revision);

/** Appends through the store and reports the acknowledgement; reports a refusal and rethrows it. */
async function append(
  lane: string,
  streamId: string,
  events: EventToAppend[],
  expected: ExpectedVersion,
  a: number,
) {
  report({ t: 'send', lane, a, stream: streamId, n: events.length });
  const result = await store.appendToStream(streamId, events, { expectedVersion: expected });
  acknowledge(lane, a, streamId, events, result);
  return result;
}

/** An append is acknowledged: reported with what it was answered, then the test's wait for a count is told. */
function acknowledge(
  lane: string,
  a: number,
  streamId: string,
  events: EventToAppend[],
  result: { nextExpectedVersion: bigint; position: bigint },
) {
  acknowledged++;
  report({
    t: 'ack',
    lane,
    a,
    stream: streamId,
    ids: events.map((e) => e.eventId),
    next: result.nextExpectedVersion.toString(),
    pos: result.position.toString(),
  });
  onAcknowledged();
}

/**
 * An `any` append in a transaction of its own that stays open `holdMs` after the insert before it commits, so that
 * appends of other writers commit after it began and before it ends: a reader must wait for it, not pass it. Tried
 * again when another writer took the revision (the insert stores nothing and the transaction rolls back).
 */
async function slowAppend(
  lane: string,
  streamId: string,
  events: EventToAppend[],
  a: number,
  holdMs: number,
) {
  report({ t: 'send', lane, a, stream: streamId, n: events.length });
  const stored = events.map((e) => ({ ...e, schemaVersion: 1 }));
  for (;;) {
    const result = await sql
      .begin(async (tx) => {
        const inserted = await insertEvents(tx, streamId, 'any', stored);
        if (inserted) await new Promise((resolve) => setTimeout(resolve, holdMs));
        return inserted;
      })
      .catch((error: unknown) => {
        // a unique violation aborts the transaction: the commit fails and nothing was stored
        if ((error as { code?: string }).code === '23505') return null;
        throw error;
      });
    if (result) {
      acknowledge(lane, a, streamId, events, result);
      // the store's wake-up, which the adapter sends after its own appends
      await sql`select pg_notify('es_appended', '')`;
      return;
    }
  }
}

/** `any` appends of one to four events, every `slowEvery`-th one held open a moment. */
async function anyAppend(lane: string, streamId: string, k: number, slowEvery: number) {
  const a = ++appends;
  const events = eventsOf(a, k % 3 === 0 ? 2 + (k % 4) : 1);
  if (k % slowEvery === 0) await slowAppend(lane, streamId, events, a, 1 + (k % 7) * 2);
  else await append(lane, streamId, events, 'any', a);
}

async function rounds() {
  const count = Number(process.env.WORKER_ROUNDS ?? 20);
  const free = Number(process.env.WORKER_ANY_APPENDS ?? 100);
  const contended = [
    { suffix: 'x0', size: 1 },
    { suffix: 'x1', size: 1 },
    { suffix: 'xb', size: 3 },
  ];
  const anyLane = (async () => {
    for (let k = 0; k < free; k++) await anyAppend('any', stream(`a${k % 2}`), k, 5);
  })();
  for (let r = 1; r <= count; r++) {
    const read = await Promise.all(contended.map((c) => lastRevision(stream(c.suffix))));
    report({ t: 'ready', r, read: read.map(String) });
    await command((c) => c.go === r);
    await Promise.all(
      contended.map(async (c, i) => {
        const a = ++appends;
        try {
          await append(`round${r}`, stream(c.suffix), eventsOf(a, c.size), expectedOf(read[i]!), a);
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          report({
            t: 'lost',
            lane: `round${r}`,
            a,
            stream: stream(c.suffix),
            actual: String(error.actualVersion),
          });
        }
      }),
    );
  }
  await anyLane;
}

async function lanes() {
  const holdAfter = process.env.WORKER_HOLD_AFTER ? Number(process.env.WORKER_HOLD_AFTER) : null;
  const shared = async () => {
    // exact versions on a stream every writer appends to: a lost race is re-read and tried again
    let revision = await lastRevision(stream('k0'));
    while (!stopped) {
      const a = ++appends;
      try {
        revision = (await append('k0', stream('k0'), eventsOf(a, 1), expectedOf(revision), a))
          .nextExpectedVersion;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        report({ t: 'lost', lane: 'k0', a, stream: stream('k0'), actual: String(error.actualVersion) });
        revision = await lastRevision(stream('k0'));
      }
    }
  };
  const any = async () => {
    for (let k = 0; !stopped; k++) await anyAppend('k1', stream('k1'), k, 4);
  };
  const own = async () => {
    // a stream of its own: the expected version is what this process last appended, never re-read
    let revision = -1n;
    for (let k = 0; !stopped; k++) {
      const a = ++appends;
      const result = await append('own', stream(name), eventsOf(a, 1 + (k % 3)), expectedOf(revision), a);
      revision = result.nextExpectedVersion;
    }
  };
  const batches = async () => {
    for (let k = 0; !stopped; k++) {
      const a = ++appends;
      await append('b', stream('b'), eventsOf(a, 100, 'Written', 200), 'any', a);
    }
  };
  const hold = async () => {
    if (holdAfter === null) return;
    await new Promise<void>((resolve) => {
      onAcknowledged = () => {
        if (acknowledged >= holdAfter) resolve();
      };
    });
    const a = ++appends;
    const events = eventsOf(a, 4, 'Held').map((e) => ({ ...e, schemaVersion: 1 }));
    report({ t: 'send', lane: 'hold', a, stream: stream('k0'), n: events.length });
    for (;;) {
      // the transaction is left open: its revisions of k0 are taken but not committed until it ends
      const held = await sql
        .begin(async (tx) => {
          const inserted = await insertEvents(tx, stream('k0'), 'any', events);
          if (!inserted) return false;
          const [{ pid, xid }] =
            (await tx`select pg_backend_pid() as pid, pg_current_xact_id()::text as xid`) as [
              { pid: number; xid: string },
            ];
          report({
            t: 'holding',
            a,
            ids: events.map((e) => e.eventId),
            next: inserted.nextExpectedVersion.toString(),
            pid,
            xid,
          });
          await new Promise(() => {});
          return true;
        })
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') return false;
          throw error;
        });
      if (held) return;
    }
  };
  await Promise.all([shared(), any(), own(), ...(process.env.WORKER_BATCHES ? [batches()] : []), hold()]);
}

async function subscribe() {
  const controller = new AbortController();
  void command((c) => c.stop === true).then(() => controller.abort());
  for await (const batch of store.subscribeToAll({
    filter: { categories: [category] },
    signal: controller.signal,
    batchSize: 20,
  })) {
    if (batch.events.length === 0) continue;
    report({
      t: 'events',
      e: batch.events.map((e) => [
        e.eventId,
        e.streamId,
        e.streamVersion.toString(),
        e.globalPosition.toString(),
      ]),
    });
  }
}

try {
  report({ t: 'started', pid: process.pid });
  if (role === 'rounds') await rounds();
  else if (role === 'lanes') await lanes();
  else if (role === 'subscribe') await subscribe();
  else throw new Error(`unknown WORKER_ROLE ${role}`);
  report({ t: 'done', appends, acknowledged });
  await sql.end({ timeout: 5 });
  process.exit(0);
} catch (error) {
  process.stderr.write(`${name}: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
}
