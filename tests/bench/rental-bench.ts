/**
 * `npm run bench -- --only rental` (issue 19): the rental calendar under a crowd, and the availability of a year.
 *
 * The platform runs as `npm start` composes it, in a child process (query/harness.ts): its projectors keep
 * read.rental_holds, its query API answers the availability. Then:
 *
 * - booking attempts/s: `attempts` hold attempts, `inFlight` at a time, on one model of `crowdItems` items over
 *   overlapping periods, in this process through the command handler the booking route calls (handleCommand with
 *   calendarDecider, on the platform's pool size), as host/src/rental/overbooking.int.test.ts does: the booking
 *   route's HTTP and catalogue read are left out, so the figure is the calendar's (one stream, every attempt
 *   racing for it). Beside it, in alternating slices, the same number of single-row INSERTs into a bare table
 *   with the same pool and the same number in flight: the ratio is what deciding on one stream costs.
 * - the availability of one model over a year (GET /api/v1/services/rentals/availability, startAt today+1,
 *   endAt today+366) at two sizes of its calendar (kept holds appended straight to the model's calendar stream in
 *   batches, as a year of commands leaves them), p50/p99 of sequential requests, each beside a request to the bare
 *   Express endpoint of the same size in the same process (the query bench's baseline), taken in turns.
 * - then the overbooking check: units held per day counted from read.rental_holds by SQL that shares nothing
 *   with the decider, for both models; any day over capacity fails the run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ConflictError } from '@platform/contracts/errors';
import { calendarStreamId, type CalendarItem } from '@platform/contracts/rental/calendar';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { handleCommand } from '@platform/command-api/handler';
import { calendarDecider } from '@platform/command-api/rental/calendar';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type EventToAppend } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import type { BenchCluster } from './env.ts';
import { hostPlatform, type HostedPlatform } from './query/harness.ts';
import { metadata } from './query/seed.ts';
import { percentile, perSecond } from './report.ts';

export interface RentalBenchCounts {
  /** hold attempts on the crowded model, and as many bare INSERTs */
  attempts: number;
  /** attempts (and INSERTs) in flight at once */
  inFlight: number;
  /** connections of the pool both run on: the platform's (host/src/platform.ts) */
  pool: number;
  /** items of the crowded model */
  crowdItems: number;
  /** kept holds of the year's model at which its availability is read, small then large */
  sizes: number[];
  /** items of the year's model: enough for the largest size's holds to fit without overbooking */
  yearItems: number;
  /** availability requests per size (and as many to the baseline), at most */
  requests: number;
  /** the requests of a size stop once they took this long, after at least `minRequests` */
  secondsPerSize: number;
  minRequests: number;
}

export const RENTAL_FULL: RentalBenchCounts = {
  attempts: 10_000,
  inFlight: 64,
  pool: 20,
  crowdItems: 3,
  sizes: [1_000, 10_000],
  yearItems: 200,
  requests: 200,
  secondsPerSize: 10,
  minRequests: 5,
};

export const RENTAL_QUICK: RentalBenchCounts = {
  ...RENTAL_FULL,
  attempts: 1_000,
  sizes: [100, 1_000],
  yearItems: 40,
  requests: 50,
  secondsPerSize: 5,
};

/** attempts and INSERTs run in this many slices each, in alternating order */
const SLICES = 4;

/** A repeatable pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';

async function admin(host: HostedPlatform, token: string, path: string, body: unknown): Promise<string> {
  const res = await fetch(`${host.platformUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** A published model with `items` items, through the admin API (8 items in flight). */
async function rentalModel(host: HostedPlatform, token: string, name: string, items: number) {
  const id = await admin(host, token, '/rental-models', {
    data: {
      type: 'rental-models',
      attributes: { name, rentingPrice: 300, publishedAt: '2020-01-01T00:00:00Z' },
    },
  });
  const list: CalendarItem[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items) {
      next++;
      const itemId = await admin(host, token, '/rental-items', {
        data: {
          type: 'rental-items',
          attributes: { stockId: `BENCH-${randomUUID()}` },
          relationships: { rentalModel: { data: { type: 'rental-models', id } } },
        },
      });
      list.push({ itemId, unavailabilities: [] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, items) }, worker));
  return { id, name, items: list };
}

/** Runs `count` tasks with `inFlight` at a time; the elapsed ms. */
async function crowd(count: number, inFlight: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}

/** Days on which a model's held units outnumber its items, counted from the read model alone. */
async function overbookedDays(
  sql: ReturnType<typeof createSql>,
  modelId: string,
  items: number,
  now: Date,
): Promise<Array<{ day: string; held: number }>> {
  return sql<Array<{ day: string; held: number }>>`
    select to_char(d, 'YYYY-MM-DD') as day, sum(h.quantity)::int as held
    from read.rental_holds h
    cross join lateral generate_series(h.start_at, h.end_at - 1, interval '1 day') d
    where h.model_id = ${modelId} and (h.expires_at is null or h.expires_at > ${now.toISOString()})
    group by d having sum(h.quantity) > ${items} order by d`;
}

/**
 * `count` kept holds of one unit within [from, from + 365 days), 2 to 9 days long, each placed on the first start
 * (from a random one on) where no day would hold more than `items`: a full calendar that is never overbooked.
 */
function yearOfHolds(modelId: string, from: string, count: number, items: number, seed: number) {
  const next = random(seed);
  const perDay = new Array<number>(365).fill(0);
  const holds: Array<{ startAt: string; endAt: string }> = [];
  for (let i = 0; i < count; i++) {
    const days = 2 + Math.floor(next() * 8);
    const span = 365 - days + 1;
    const first = Math.floor(next() * span);
    let placed = false;
    for (let shift = 0; shift < span && !placed; shift++) {
      const start = (first + shift) % span;
      if (perDay.slice(start, start + days).every((n) => n < items)) {
        for (let d = start; d < start + days; d++) perDay[d]!++;
        holds.push({ startAt: addDays(from, start), endAt: addDays(from, start + days) });
        placed = true;
      }
    }
    if (!placed) throw new Error(`${count} holds do not fit a year of ${items} items`);
  }
  return holds.map((period, i) => ({
    modelId,
    holdId: randomUUID(),
    bookingId: randomUUID(),
    userId: `member-${i % 500}`,
    quantity: 1,
    ...period,
    expiresAt: null,
  }));
}

async function settle(sql: ReturnType<typeof createSql>, store: PostgresEventStore) {
  const head = await store.headPosition();
  const live = await sql<{ name: string }[]>`
    select distinct name from projection_checkpoints where status = 'live'`;
  const { reached } = await waitForProjections(
    { sql, eventStore: store },
    live.map((r) => r.name),
    head,
    120_000,
  );
  if (!reached) throw new Error('the projections did not reach the head within 120 s');
}

export async function rentalBench(options: {
  cluster: BenchCluster;
  counts: RentalBenchCounts;
  log: (line: string) => void;
}): Promise<void> {
  const { counts, log } = options;
  const databaseUrl = await options.cluster.createDatabase('rental');
  const adminToken = randomBytes(24).toString('base64url');
  const host = await hostPlatform({ databaseUrl, adminToken, logLevel: 'warn' });
  const sql = createSql(databaseUrl, { max: counts.pool });
  const contracts = createEventContractRegistry();
  const store = new PostgresEventStore({ sql, contracts });
  try {
    log(
      `rental: the platform in a child process (pid ${host.pid}, projectors and query API); hold attempts in this ` +
        `process through handleCommand + calendarDecider (what the booking route hands its holds to, without its HTTP), ` +
        `${counts.inFlight} in flight on a pool of ${counts.pool}`,
    );
    const crowded = await rentalModel(host, adminToken, 'Crowded wheelchair', counts.crowdItems);
    await sql`create table bench_rental_baseline (id uuid primary key, user_id text not null,
      quantity integer not null, start_at date not null, end_at date not null, held_at timestamptz not null)`;
    await settle(sql, store);

    // the crowd: overlapping periods of 2 to 9 days within 40 days, 1 or 2 units each
    const today = calendarDateIn(new Date());
    const next = random(7);
    const attempts = Array.from({ length: counts.attempts }, () => {
      const startAt = addDays(today, 10 + Math.floor(next() * 40));
      return {
        startAt,
        endAt: addDays(startAt, 2 + Math.floor(next() * 8)),
        quantity: 1 + Math.floor(next() * 2),
      };
    });
    let held = 0;
    let refused = 0;
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const attempt = async (i: number) => {
      const { startAt, endAt, quantity } = attempts[i]!;
      const userId = `member-${i % 500}`;
      try {
        await handleCommand(
          { eventStore: store, contracts },
          {
            streamId: calendarStreamId(crowded.id),
            decider: calendarDecider,
            command: {
              type: 'HoldUnits',
              data: {
                modelId: crowded.id,
                holdId: randomUUID(),
                bookingId: randomUUID(),
                userId,
                quantity,
                startAt,
                endAt,
                expiresAt,
                modelName: crowded.name,
                items: crowded.items,
              },
              metadata: {
                now: new Date(),
                actor: { userId, actingAsOrganizationId: null, impersonatorId: null },
                correlationId: randomUUID(),
                causationId: randomUUID(),
              },
            },
            maxRetries: 10_000,
          },
        );
        held++;
      } catch (error) {
        if (!(error instanceof ConflictError) || error.code !== 'conflict.rental_unavailable') throw error;
        refused++;
      }
    };
    const insert = async (i: number) => {
      const { startAt, endAt, quantity } = attempts[i]!;
      await sql`insert into bench_rental_baseline ${sql({
        id: randomUUID(),
        user_id: `member-${i % 500}`,
        quantity,
        start_at: startAt,
        end_at: endAt,
        held_at: new Date(),
      })}`;
    };
    // warm-up: every pooled connection opened, plans settled (not counted, on rows of their own)
    await crowd(counts.inFlight, counts.inFlight, async () => {
      await sql`select 1 from bench_rental_baseline limit 1`;
    });
    const ms = { attempts: 0, inserts: 0 };
    const slice = Math.ceil(counts.attempts / SLICES);
    for (let turn = 0; turn < SLICES; turn++) {
      const from = turn * slice;
      const size = Math.min(slice, counts.attempts - from);
      const sides: Array<[keyof typeof ms, (i: number) => Promise<void>]> = [
        ['attempts', attempt],
        ['inserts', insert],
      ];
      for (const [side, task] of turn % 2 === 0 ? sides : sides.reverse())
        ms[side] += await crowd(size, counts.inFlight, (i) => task(from + i));
    }
    const attemptRate = perSecond(counts.attempts, ms.attempts);
    const insertRate = perSecond(counts.attempts, ms.inserts);
    log(
      `  hold attempts    ${fmt(counts.attempts)} on ${counts.crowdItems} items in ${(ms.attempts / 1000).toFixed(2)} s: ` +
        `${fmt(attemptRate)} attempts/s, ${fmt(held)} held, ${fmt(refused)} refused`,
    );
    log(
      `  bare INSERTs     ${fmt(counts.attempts)} single rows in ${(ms.inserts / 1000).toFixed(2)} s: ${fmt(insertRate)} rows/s`,
    );
    log(
      `  attempts/s to INSERTs/s: ${fmt(attemptRate / insertRate, 2)}x (${SLICES} alternating slices each)`,
    );
    if (held + refused !== counts.attempts)
      throw new Error(`${held + refused} attempts ended, ${counts.attempts} made`);

    // the availability of one model over a year, at two sizes of its calendar
    const made = performance.now();
    const year = await rentalModel(host, adminToken, 'Yearly standing frame', counts.yearItems);
    log(
      `  made the year's model and its ${counts.yearItems} items through the admin API in ${((performance.now() - made) / 1000).toFixed(1)} s`,
    );
    const from = addDays(today, 1);
    const largest = Math.max(...counts.sizes);
    const holds = yearOfHolds(year.id, from, largest, counts.yearItems, 11);
    const url = `${host.platformUrl}/api/v1/services/rentals/availability?startAt=${from}&endAt=${addDays(from, 365)}&models=${year.id}`;
    const rows: Array<{ holds: number; p50: number; p99: number; bareP50: number; bareP99: number }> = [];
    let appended = 0;
    let version: bigint | 'no_stream' = 'no_stream';
    for (const size of [...counts.sizes].sort((a, b) => a - b)) {
      const started = performance.now();
      while (appended < size) {
        const batch = holds.slice(appended, Math.min(size, appended + 500));
        const at = new Date().toISOString();
        const events: EventToAppend[] = batch.map((data) => {
          const meta = metadata(at);
          return { eventId: meta.eventId, type: 'RentalUnitsHeld', data, metadata: meta };
        });
        version = (
          await store.appendToStream(calendarStreamId(year.id), events, { expectedVersion: version })
        ).nextExpectedVersion;
        appended += batch.length;
      }
      await settle(sql, store);
      await sql`analyze read.rental_holds`;
      log(`  seeded ${fmt(size)} kept holds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const probe = await fetch(url);
      const body = await probe.text();
      if (probe.status !== 200) throw new Error(`GET ${url}: ${probe.status} ${body.slice(0, 300)}`);
      const bare = `${host.bareUrl}/bytes/${Buffer.byteLength(body)}`;
      const timed = async (target: string) => {
        const t = performance.now();
        const res = await fetch(target);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${target}: ${res.status}`);
        return performance.now() - t;
      };
      // warm-up, then the read and its baseline in turns, one request at a time, within the size's time
      for (let i = 0; i < 2; i++) {
        await timed(url);
        await timed(bare);
      }
      const subject: number[] = [];
      const baseline: number[] = [];
      const deadline = performance.now() + counts.secondsPerSize * 1000;
      for (let i = 0; i < counts.requests && (i < counts.minRequests || performance.now() < deadline); i++) {
        if (i % 2 === 0) {
          subject.push(await timed(url));
          baseline.push(await timed(bare));
        } else {
          baseline.push(await timed(bare));
          subject.push(await timed(url));
        }
      }
      subject.sort((a, b) => a - b);
      baseline.sort((a, b) => a - b);
      const row = {
        holds: size,
        p50: percentile(subject, 50),
        p99: percentile(subject, 99),
        bareP50: percentile(baseline, 50),
        bareP99: percentile(baseline, 99),
      };
      rows.push(row);
      const free = (JSON.parse(body) as { data: Array<{ attributes: { free: number } }> }).data[0]?.attributes
        .free;
      log(
        `  availability, a year, ${fmt(size)} holds: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms ` +
          `(bare Express ${row.bareP50.toFixed(1)} / ${row.bareP99.toFixed(1)} ms), ${subject.length} requests` +
          `${subject.length < counts.requests ? ` (${counts.requests} asked, cut at ${counts.secondsPerSize} s)` : ''}, free ${free}`,
      );
    }
    const small = rows[0];
    const large = rows[rows.length - 1];
    if (small && large && small !== large)
      log(
        `  ${fmt(large.holds)} vs ${fmt(small.holds)} holds: p50 ${fmt(large.p50 / small.p50, 2)}x, p99 ${fmt(large.p99 / small.p99, 2)}x ` +
          `(bare Express p50 ${fmt(large.bareP50 / small.bareP50, 2)}x)`,
      );

    // the independent check, after every write has reached the read model
    await settle(sql, store);
    const now = new Date();
    log('');
    let failed = false;
    for (const model of [crowded, year]) {
      const over = await overbookedDays(sql, model.id, model.items.length, now);
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from read.rental_holds where model_id = ${model.id}`;
      log(
        `${over.length === 0 ? 'PASS' : 'FAIL'}  “${model.name}” (${model.items.length} items, ${fmt(row?.n ?? 0)} holds in ` +
          `read.rental_holds): ${over.length} days over capacity${over.length ? `: ${JSON.stringify(over.slice(0, 5))}` : ''}`,
      );
      if (over.length > 0) failed = true;
    }
    const [crowdRows] = await sql<{ n: number }[]>`
      select count(*)::int as n from read.rental_holds where model_id = ${crowded.id}`;
    if (crowdRows?.n !== held) {
      log(`FAIL  ${fmt(held)} holds acknowledged, ${fmt(crowdRows?.n ?? 0)} in read.rental_holds`);
      failed = true;
    }
    if (failed) process.exitCode = 1;
  } finally {
    await sql.end();
    await host.stop();
  }
}
