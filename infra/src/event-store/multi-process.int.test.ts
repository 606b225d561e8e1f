import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedDatabase, type TestDatabase } from '@platform/tests/support/database';
import { event } from '@platform/tests/contract/event-store.contract';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import type { RecordedEvent } from './port.ts';

/**
 * The event store with its writers in processes of their own (issue 24, ADR 0048): the ordering and kill tests of the
 * contract suite, with every writer a child process (tests/support/event-store-worker.ts) on one PostgreSQL cluster
 * of this file's own (a transaction held open there holds back no other test file's readers). Writers report each
 * acknowledged append on stdout; one subscriber follows `$all` live in this process and one in a process of its own.
 * Afterwards the log is read straight from `es_events` in `$all` order (transaction id, then position) and compared
 * with what was acknowledged and with what each subscriber delivered.
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const WORKER = 'tests/support/event-store-worker.ts';
/** a bound for a hung process, not a wait: every wait below is for a condition */
const BOUND_MS = 60_000;

type Line = { t: string; [key: string]: unknown };

/** Every worker's line or exit wakes the waits, which then look again at their condition. */
const changed = new Set<() => void>();
const notifyChanged = () => {
  for (const wake of changed) wake();
};

class Worker {
  /** the lines reported, by type */
  private readonly lines = new Map<string, Line[]>();
  stderr = '';
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  killedByTest = false;
  onLine: (line: Line) => void = () => {};
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    role: string,
    category: string,
    url: string,
    env: Record<string, string> = {},
  ) {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')),
    );
    this.child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: ROOT,
      env: {
        ...inherited,
        DATABASE_URL: url,
        WORKER_NAME: name,
        WORKER_ROLE: role,
        WORKER_CATEGORY: category,
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let partial = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const complete = text.split('\n');
      partial = complete.pop()!;
      for (const raw of complete) {
        const line = JSON.parse(raw) as Line;
        const same = this.lines.get(line.t);
        if (same) same.push(line);
        else this.lines.set(line.t, [line]);
        this.onLine(line);
      }
      notifyChanged();
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        notifyChanged();
        resolve();
      }),
    );
  }

  send(command: Record<string, unknown>) {
    this.child.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  kill() {
    this.killedByTest = true;
    this.child.kill('SIGKILL');
  }

  get failed(): boolean {
    if (this.killedByTest) return false;
    return this.exitSignal !== null || (this.exitCode !== null && this.exitCode !== 0);
  }

  of(t: string): Line[] {
    return this.lines.get(t) ?? [];
  }

  acks(): Ack[] {
    return this.of('ack').map((l) => ({
      w: this.name,
      lane: l.lane as string,
      a: l.a as number,
      stream: l.stream as string,
      ids: l.ids as string[],
      next: BigInt(l.next as string),
      pos: BigInt(l.pos as string),
    }));
  }
}

interface Ack {
  w: string;
  lane: string;
  a: number;
  stream: string;
  ids: string[];
  next: bigint;
  pos: bigint;
}

/** Resolves once `condition` holds, looking again at every line or exit of a worker; fails if a worker failed. */
async function until(workers: Worker[], condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    const failed = workers.find((w) => w.failed);
    if (failed) throw new Error(`${failed.name} failed while waiting for ${what}:\n${failed.stderr}`);
    if (condition()) return;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${BOUND_MS} ms`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        changed.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, 1000);
      changed.add(wake);
    });
  }
}

/** Polls a condition of the database until it holds. */
async function pollUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + BOUND_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${BOUND_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Subscribers in this process, stopped before the pool ends even when a test failed. */
const subscriptions: { stop(): Promise<void> }[] = [];

/** A subscriber of `$all` in this process, filtered to the test's category. */
function subscribe(store: PostgresEventStore, category: string) {
  const received: RecordedEvent[] = [];
  const controller = new AbortController();
  const done = (async () => {
    for await (const batch of store.subscribeToAll({
      filter: { categories: [category] },
      signal: controller.signal,
      batchSize: 20,
    })) {
      received.push(...batch.events);
      notifyChanged();
    }
  })();
  // a failure surfaces when the test stops it; until then a wait on what it received fails on its own
  done.catch(() => undefined);
  const subscription = {
    received,
    async stop() {
      controller.abort();
      await done;
    },
  };
  subscriptions.push(subscription);
  return subscription;
}

/** The ids a subscriber process delivered, in its order. */
const deliveredBy = (worker: Worker) =>
  worker.of('events').flatMap((l) => (l.e as string[][]).map((e) => e[0]!));

interface Stored {
  id: string;
  stream: string;
  version: bigint;
  position: bigint;
  xid: bigint;
  type: string;
  w: string | null;
  a: number | null;
  n: number | null;
}

/** The category's events straight from the table, in `$all` order. */
async function storedInAllOrder(sql: Sql, category: string): Promise<Stored[]> {
  const rows = await sql<
    {
      id: string;
      stream: string;
      version: string;
      position: string;
      xid: string;
      type: string;
      w: string | null;
      a: number | null;
      n: number | null;
    }[]
  >`
    select event_id::text as id, stream_id as stream, stream_version::text as version,
           global_position::text as position, transaction_id::text as xid, event_type as type,
           data->>'w' as w, (data->>'a')::int as a, (data->>'n')::int as n
      from es_events where category = ${category}
     order by transaction_id, global_position`;
  return rows.map((r) => ({
    ...r,
    version: BigInt(r.version),
    position: BigInt(r.position),
    xid: BigInt(r.xid),
  }));
}

/** Every event of the category through the store's readAll, page by page. */
async function readAllOf(store: PostgresEventStore, category: string): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({
      filter: { categories: [category] },
      fromPosition: all.at(-1)?.globalPosition ?? 0n,
      maxCount: 500,
    });
    all.push(...page);
    if (page.length < 500) return all;
  }
}

/**
 * What holds whoever wrote: the log read back through readAll and by each subscriber is the table's `$all` order
 * (so every event once, in one order); each stream's revisions are 0, 1, 2... in that order; every acknowledged
 * append is stored whole, at the revisions and position its acknowledgement named; every append is stored whole or
 * not at all. Returns the stored events that nobody acknowledged.
 */
function checkLog(
  stored: Stored[],
  acks: Ack[],
  readBack: string[],
  subscribers: Record<string, string[]>,
): Stored[] {
  const ids = stored.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(readBack).toEqual(ids);
  for (const [who, delivered] of Object.entries(subscribers)) {
    expect(delivered.length, `${who} delivered ${delivered.length} of ${ids.length}`).toBe(ids.length);
    expect(delivered, who).toEqual(ids);
  }
  const revisions = new Map<string, bigint[]>();
  for (const e of stored) {
    const versions = revisions.get(e.stream);
    if (versions) versions.push(e.version);
    else revisions.set(e.stream, [e.version]);
  }
  for (const [stream, versions] of revisions) {
    expect(versions, stream).toEqual(versions.map((_, i) => BigInt(i)));
  }
  const byId = new Map(stored.map((e) => [e.id, e]));
  const acknowledged = new Set<string>();
  for (const ack of acks) {
    const events = ack.ids.map((id) => byId.get(id));
    expect(
      events.map((e) => e && { stream: e.stream, version: e.version }),
      `${ack.w} #${ack.a}`,
    ).toEqual(
      ack.ids.map((_, i) => ({ stream: ack.stream, version: ack.next - BigInt(ack.ids.length - 1 - i) })),
    );
    expect(events.at(-1)!.position).toBe(ack.pos);
    for (const id of ack.ids) acknowledged.add(id);
  }
  const appends = new Map<string, Stored[]>();
  for (const e of stored) {
    if (e.w === null) continue;
    const key = `${e.w}#${e.a}`;
    const events = appends.get(key);
    if (events) events.push(e);
    else appends.set(key, [e]);
  }
  for (const [key, events] of appends) expect(events.length, key).toBe(events[0]!.n);
  return stored.filter((e) => e.w !== null && !acknowledged.has(e.id));
}

/** How often `$all` order puts a larger position before a smaller one (position order is not `$all` order). */
const positionInversions = (stored: Stored[]) =>
  stored.filter((e, i) => i > 0 && e.position < stored[i - 1]!.position).length;

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
const workers: Worker[] = [];

beforeAll(async () => {
  db = await createIsolatedDatabase();
  sql = createSql(db.url, { max: 6 });
  store = new PostgresEventStore({ sql });
});
afterAll(async () => {
  await Promise.all(subscriptions.map((s) => s.stop().catch(() => undefined)));
  for (const w of workers) if (w.exitCode === null && w.exitSignal === null) w.kill();
  await Promise.all(workers.map((w) => w.exited));
  await sql?.end();
  await db?.drop();
});

function start(name: string, role: string, category: string, env: Record<string, string> = {}): Worker {
  const worker = new Worker(name, role, category, db.url, env);
  workers.push(worker);
  return worker;
}

/** Appends a last event after everything else and waits until both subscribers delivered it. */
async function close(category: string, local: { received: RecordedEvent[] }, remote: Worker) {
  const closing = event('Closing');
  await store.appendToStream(`${category}-end`, [closing]);
  await until(
    [remote],
    () =>
      local.received.some((e) => e.eventId === closing.eventId) &&
      deliveredBy(remote).includes(closing.eventId),
    'closing event at both subscribers',
  );
  remote.send({ stop: true });
  await remote.exited;
  expect(remote.exitCode).toBe(0);
}

describe('the event store with writers in several processes', () => {
  it('orders the appends of four writer processes: one winner per expected version, no gaps, every event once', async () => {
    const started = performance.now();
    const category = `ord${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const ROUNDS = 20;
    const local = subscribe(store, category);
    const remote = start('ord-sub', 'subscribe', category);
    const writers = [1, 2, 3, 4].map((i) =>
      start(`ord-w${i}`, 'rounds', category, { WORKER_ROUNDS: String(ROUNDS), WORKER_ANY_APPENDS: '120' }),
    );
    const all = [...writers, remote];
    for (let r = 1; r <= ROUNDS; r++) {
      // every writer has read the round's expected versions before any of them appends
      await until(all, () => writers.every((w) => w.of('ready').some((l) => l.r === r)), `round ${r} read`);
      for (const w of writers) w.send({ go: r });
    }
    await Promise.all(writers.map((w) => w.exited));
    for (const w of writers) expect(w.exitCode, w.stderr).toBe(0);
    await close(category, local, remote);
    await local.stop();

    // each round, each contended stream: all four read the same revision, exactly one appended after it, and the
    // three others were refused with the winner's revision
    const stream = (suffix: string) => `${category}-${suffix}`;
    const sizes: Record<string, number> = { x0: 1, x1: 1, xb: 3 };
    const acks = writers.flatMap((w) => w.acks());
    const refusals = writers.flatMap((w) => w.of('lost'));
    for (let r = 1; r <= ROUNDS; r++) {
      const reads = writers.map((w) => (w.of('ready').find((l) => l.r === r)!.read as string[]).map(BigInt));
      for (const [i, suffix] of ['x0', 'x1', 'xb'].entries()) {
        const read = reads[0]![i]!;
        expect(reads.map((x) => x[i])).toEqual([read, read, read, read]);
        const lane = `round${r}`;
        const wins = acks.filter((a) => a.lane === lane && a.stream === stream(suffix));
        const lost = refusals.filter((l) => l.lane === lane && l.stream === stream(suffix));
        expect(wins, `${lane} ${suffix}`).toHaveLength(1);
        expect(wins[0]!.next).toBe(read + BigInt(sizes[suffix]!));
        expect(lost.map((l) => l.actual)).toEqual(Array(3).fill(wins[0]!.next.toString()));
      }
    }

    const stored = await storedInAllOrder(sql, category);
    const unacknowledged = checkLog(
      stored,
      acks,
      (await readAllOf(store, category)).map((e) => e.eventId),
      {
        'the subscriber in the test process': local.received.map((e) => e.eventId),
        'the subscriber process': deliveredBy(remote),
      },
    );
    // nobody was killed: every stored event was acknowledged
    expect(unacknowledged).toEqual([]);
    const anyStreams = ['a0', 'a1'].map((s) => stored.filter((e) => e.stream === stream(s)).length);
    console.info(
      `multi-process ordering: 4 writer processes, ${acks.length} acknowledged appends, ${stored.length} events ` +
        `(${anyStreams.join(' + ')} by \`any\` appends), ${ROUNDS} rounds x 3 contended streams with ${refusals.length} refusals, ` +
        `${positionInversions(stored)} position inversions in $all order, ${Math.round(performance.now() - started)} ms`,
    );
  });

  it('keeps every acknowledged append of writer processes killed mid-append, and the live subscriber neither skips nor stalls', async () => {
    const started = performance.now();
    const ms = (at: number) => Math.round(at - started);
    const category = `kill${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const stream = (suffix: string) => `${category}-${suffix}`;
    const local = subscribe(store, category);
    const remote = start('kill-sub', 'subscribe', category);
    // w1 appends until 40 acknowledgements, then leaves a batch to k0 uncommitted in an open transaction; w2 also
    // appends batches of 100 events; w3 and w4 survive
    const holder = start('kill-w1', 'lanes', category, { WORKER_HOLD_AFTER: '40' });
    const batcher = start('kill-w2', 'lanes', category, { WORKER_BATCHES: 'true' });
    const survivors = [start('kill-w3', 'lanes', category), start('kill-w4', 'lanes', category)];
    const writers = [holder, batcher, ...survivors];
    const all = [...writers, remote];

    await until(all, () => holder.of('holding').length > 0, 'the held transaction');
    const heldAt = performance.now();
    const holding = holder.of('holding')[0]!;
    const heldXid = BigInt(holding.xid as string);
    // Appends committed after the held transaction began are held back behind it: the visible head stays below it
    // while the last committed position passes it, and no subscriber may deliver what lies beyond the head yet.
    let lastCommitted = 0n;
    let beyond = { id: '', xid: 0n };
    await pollUntil(async () => {
      lastCommitted = await store.lastCommittedPosition();
      const [row] = await sql<{ id: string; xid: string }[]>`
        select event_id::text as id, transaction_id::text as xid from es_events
         where global_position = ${lastCommitted.toString()}`;
      beyond = { id: row?.id ?? '', xid: BigInt(row?.xid ?? '0') };
      return beyond.xid > heldXid;
    }, 'an append committed after the held transaction began');
    const [head] = await sql<{ xid: string }[]>`
      select transaction_id::text as xid from es_events where global_position = ${(await store.headPosition()).toString()}`;
    expect(BigInt(head?.xid ?? '0')).toBeLessThan(heldXid);
    expect(local.received.some((e) => e.eventId === beyond.id)).toBe(false);
    expect(deliveredBy(remote)).not.toContain(beyond.id);

    // both killed the moment w2 sends its next batch of 100, once it has had some acknowledged and the survivors
    // are appending
    const ackedAtKill = new Map<Worker, number>();
    let killedAt = 0;
    await until(
      all,
      () =>
        batcher.of('ack').filter((l) => l.lane === 'b').length >= 5 &&
        survivors.every((w) => w.of('ack').length >= 20),
      'batches of w2 and appends of the survivors',
    );
    const armedAt = performance.now();
    batcher.onLine = (line) => {
      if (killedAt || line.t !== 'send' || line.lane !== 'b') return;
      holder.kill();
      batcher.kill();
      killedAt = performance.now();
      for (const w of writers) ackedAtKill.set(w, w.of('ack').length);
    };
    await until(all, () => killedAt > 0, "w2's next batch");
    await Promise.all([holder.exited, batcher.exited]);
    expect([holder.exitSignal, batcher.exitSignal]).toEqual(['SIGKILL', 'SIGKILL']);

    // PostgreSQL ends the killed processes' sessions (the open transaction rolls back) when it sees their sockets close
    await pollUntil(async () => {
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from pg_stat_activity where application_name in ('kill-w1', 'kill-w2')`;
      return row!.count === 0;
    }, 'the killed sessions to end');
    const sessionsEnded = performance.now() - killedAt;
    // ...and the visible head moves past what the held transaction held back
    await pollUntil(
      async () => (await store.comparePositions(await store.headPosition(), lastCommitted)) >= 0,
      'the head to pass the held-back append',
    );
    const headMoved = performance.now() - killedAt;

    // The survivors go on appending, with expected versions, to k0 as well: past the revisions w1 held, which others
    // could only fill once its transaction had ended.
    const heldNext = BigInt(holding.next as string);
    await until(
      all,
      () =>
        survivors.every(
          (w) =>
            w.of('ack').length >= ackedAtKill.get(w)! + 20 &&
            w.of('ack').filter((l) => l.lane === 'k0' && BigInt(l.next as string) > heldNext).length >= 3,
        ),
      'appends of the survivors after the kill',
    );
    const survivedAt = performance.now();
    for (const w of survivors) w.send({ stop: true });
    await Promise.all(survivors.map((w) => w.exited));
    for (const w of survivors) expect(w.exitCode, w.stderr).toBe(0);
    await close(category, local, remote);
    await local.stop();

    const acks = writers.flatMap((w) => w.acks());
    const stored = await storedInAllOrder(sql, category);
    const unacknowledged = checkLog(
      stored,
      acks,
      (await readAllOf(store, category)).map((e) => e.eventId),
      {
        'the subscriber in the test process': local.received.map((e) => e.eventId),
        'the subscriber process': deliveredBy(remote),
      },
    );
    // what was stored without an acknowledgement is an append a killed writer had sent (stored whole: checkLog)
    const sent = new Set(
      [holder, batcher].flatMap((w) => w.of('send').map((l) => `${w.name}#${l.a as number}`)),
    );
    for (const e of unacknowledged) expect(sent).toContain(`${e.w}#${e.a}`);
    // the held batch was rolled back with its transaction, and its revisions of k0 went to other appends
    const heldIds = holding.ids as string[];
    expect(stored.filter((e) => heldIds.includes(e.id))).toEqual([]);
    const k0 = stored.filter((e) => e.stream === stream('k0'));
    expect(k0.length).toBeGreaterThan(Number(heldNext) + 1);
    // w2's last batch of 100, in flight when the kill landed unless its acknowledgement came first: all of it or none
    const last = batcher
      .of('send')
      .filter((l) => l.lane === 'b')
      .at(-1)!;
    const lastStored = stored.filter((e) => e.w === 'kill-w2' && e.a === last.a).length;
    expect([0, 100]).toContain(lastStored);
    const lastFate = batcher.acks().some((a) => a.a === last.a)
      ? 'acknowledged'
      : `in flight, ${lastStored ? 'stored' : 'not stored'}`;

    const lost = writers.flatMap((w) => w.of('lost')).length;
    console.info(
      `multi-process kill: 4 writer processes (2 killed), ${acks.length} acknowledged appends ` +
        `(${writers.map((w) => w.acks().length).join('/')}), ${stored.length} events, ${lost} refused on k0, ` +
        `${unacknowledged.length} stored unacknowledged, w2's last batch ${lastFate}, ` +
        `sessions ended ${Math.round(sessionsEnded)} ms and head moved ${Math.round(headMoved)} ms after the kill, ` +
        `${Math.round(performance.now() - started)} ms (held at ${ms(heldAt)}, armed at ${ms(armedAt)}, killed at ` +
        `${ms(killedAt)}, survivors' appends at ${ms(survivedAt)})`,
    );
  });
});
