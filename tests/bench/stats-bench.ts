/**
 * `npm run bench -- --only stats` (issue 22): the usage statistics.
 *
 * (a) Ingestion through `POST /api/v1/services/stats/records` (the whole platform as `npm start` composes it, in a
 *     child process; its projections follow meanwhile): batches of 50 records, sustained for a fixed time over
 *     several connections, each request from one of many senders (a browser's User-Agent each, so each sender's
 *     visitor key stays under the 120 batches a minute the endpoint allows). Beside it, in the same run, the same
 *     rows as raw multi-row INSERTs into a plain table over as many connections: what PostgreSQL alone costs.
 * (b) The analysts' replay (projectors/src/stats/statistics-run.ts, what `npm run stats` runs): a million synthetic
 *     records in StatsRecorded batches of 50, written straight into the event store, replayed into a fresh
 *     statistics projection; beside it, the same million rows as raw INSERTs into a plain table.
 *
 * An "event" of the targets is a record, a view or a download (the statistics' own word: each record names its
 * `event`); a StatsRecorded event carries 50 of them, and its rate is printed too.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { STATS_BATCH_MAX, StatsRecorded, statsBatchStream } from '@platform/contracts/stats/records';
import { PostgresEventStore } from '@platform/infra/event-store';
import { dropStatisticsRun, replayStatistics } from '@platform/projectors/stats/statistics-run';
import type { BenchCluster } from './env.ts';
import { hostPlatform } from './query/harness.ts';

export interface StatsBenchCounts {
  /** seconds of sustained ingestion through the endpoint */
  ingestSeconds: number;
  connections: number;
  /** distinct senders the requests rotate through */
  senders: number;
  /** synthetic records replayed */
  replayRecords: number;
}
export const STATS_FULL: StatsBenchCounts = {
  ingestSeconds: 20,
  connections: 16,
  senders: 400,
  replayRecords: 1_000_000,
};
export const STATS_QUICK: StatsBenchCounts = {
  ingestSeconds: 4,
  connections: 8,
  senders: 100,
  replayRecords: 100_000,
};
export const STATS_TARGETS = { ingestRecordsPerSecond: 5_000, replayRecordsPerSecond: 100_000 };

const ADMIN_TOKEN = 'bench-stats-admin-token-0123456789abcdef';
const RESOURCE_TYPES = ['articles', 'blog-posts', 'repository-items', 'files', 'app-pages'] as const;
const ORIGINS = [
  'direct',
  'https://www.example.org',
  'https://news.example.com',
  'https://search.example.net',
];

/** A small deterministic generator (mulberry32): the same synthetic log on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One batch as a reader's pages send it: 50 records over a few resources (a visitor reads some pages, a few
 * several times, and downloads a file now and then).
 */
function batchOf(next: () => number, resources = 5000) {
  const pages = Array.from({ length: 3 + Math.floor(next() * 8) }, () => {
    const n = Math.floor(next() * resources);
    return { resourceType: RESOURCE_TYPES[n % RESOURCE_TYPES.length]!, resourceId: `r-${n}` };
  });
  return Array.from({ length: STATS_BATCH_MAX }, () => ({
    event: next() < 0.8 ? ('view' as const) : ('download' as const),
    ...pages[Math.floor(next() * pages.length)]!,
  }));
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

interface Rate {
  records: number;
  seconds: number;
  failures: number;
}

/** (a) through the endpoint: autocannon, each request's User-Agent the next sender's. */
export async function ingestThroughHttp(
  platformUrl: string,
  counts: StatsBenchCounts,
): Promise<Rate & { statuses: string }> {
  const next = random(22);
  // a few hundred distinct bodies, sent in turn (the server parses each one)
  const bodies = Array.from({ length: 256 }, () => JSON.stringify({ records: batchOf(next) }));
  let sent = 0;
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${platformUrl}/api/v1/services/stats/records`,
        connections: counts.connections,
        duration: counts.ingestSeconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const n = sent++;
              return {
                ...req,
                body: bodies[n % bodies.length]!,
                headers: {
                  ...req.headers,
                  'Content-Type': 'application/vnd.api+json',
                  Accept: 'application/vnd.api+json',
                  'X-Requested-With': 'XMLHttpRequest',
                  Origin: ORIGINS[n % ORIGINS.length]!,
                  // one sender per User-Agent (the visitor key is the address's and the agent's)
                  'User-Agent': `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0 bench-${n % counts.senders}`,
                },
              };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  });
  return {
    records: result['2xx'] * STATS_BATCH_MAX,
    seconds: result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${fmt(n)}`)
      .join(', '),
  };
}

const RAW_TABLE = `
  create table if not exists bench_raw_stats (
    id bigserial primary key,
    day date not null,
    resource_type text not null,
    resource_id text not null,
    event text not null,
    origin text not null,
    sender text not null
  )`;

/** The same rows, each batch one multi-row INSERT, over `connections` connections for about `seconds`. */
async function ingestRaw(url: string, counts: StatsBenchCounts): Promise<Rate> {
  const sql = postgres(url, { max: counts.connections, onnotice: () => {} });
  try {
    await sql.unsafe(RAW_TABLE);
    const next = random(22);
    const batches = Array.from({ length: 256 }, () => batchOf(next));
    const day = new Date().toISOString().slice(0, 10);
    let batchesDone = 0;
    const deadline = performance.now() + counts.ingestSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: counts.connections }, async (_, worker) => {
        for (let n = worker; performance.now() < deadline; n += counts.connections) {
          const batch = batches[n % batches.length]!;
          const origin = ORIGINS[n % ORIGINS.length]!;
          const sender = `visitor:bench-${n % counts.senders}`;
          await sql`insert into bench_raw_stats (day, resource_type, resource_id, event, origin, sender)
            select ${day}::date, t, i, e, ${origin}, ${sender}
              from unnest(${batch.map((r) => r.resourceType)}::text[], ${batch.map((r) => r.resourceId)}::text[],
                          ${batch.map((r) => r.event)}::text[]) as x(t, i, e)`;
          batchesDone += 1;
        }
      }),
    );
    return {
      records: batchesDone * STATS_BATCH_MAX,
      seconds: (performance.now() - started) / 1000,
      failures: 0,
    };
  } finally {
    await sql.end();
  }
}

/** The synthetic log, the same on every pass: thirty days spread evenly, a few thousand senders. */
function* syntheticBatches(records: number) {
  const next = random(2026);
  const events = Math.ceil(records / STATS_BATCH_MAX);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < events; i++)
    yield {
      records: batchOf(next),
      visitor: `visitor:${Math.floor(next() * 5000)
        .toString(16)
        .padStart(32, '0')}`,
      origin: ORIGINS[Math.floor(next() * ORIGINS.length)]!,
      recordedAt: new Date(start + Math.floor((i / events) * 30 * 86_400_000)).toISOString(),
    };
}

/** Writes the synthetic log straight into the event store's table, a thousand events a statement (not timed). */
async function seedLog(sql: postgres.Sql, records: number): Promise<{ events: number }> {
  const registry = new EventContractRegistry([StatsRecorded]);
  let events = 0;
  let rows: object[] = [];
  const flush = async () => {
    if (!rows.length) return;
    await sql`
      insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
      select x.stream_id, 0, 'statsbatch', x.event_id, ${StatsRecorded.type}, 1, x.data, x.metadata
        from jsonb_to_recordset(${sql.json(rows as never)}) as x(stream_id text, event_id uuid, data jsonb, metadata jsonb)`;
    rows = [];
  };
  for (const batch of syntheticBatches(records)) {
    const eventId = randomUUID();
    rows.push({
      stream_id: statsBatchStream(eventId),
      event_id: eventId,
      data: registry.validate(StatsRecorded.type, batch),
      metadata: {
        eventId,
        correlationId: eventId,
        causationId: eventId,
        actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null },
        recordedAt: batch.recordedAt,
        schemaVersion: 1,
      },
    });
    events += 1;
    if (rows.length === 1000) await flush();
  }
  await flush();
  await sql`analyze es_events`;
  return { events };
}

/**
 * The same rows as the replay counts, as raw INSERTs of 50,000 rows each: made again by the same generator (not
 * timed), only the INSERTs timed.
 */
async function replayRaw(sql: postgres.Sql, records: number): Promise<Rate> {
  await sql.unsafe(RAW_TABLE.replace('bench_raw_stats', 'bench_raw_replay'));
  let ms = 0;
  let count = 0;
  let part = {
    day: [] as string[],
    t: [] as string[],
    i: [] as string[],
    e: [] as string[],
    o: [] as string[],
    s: [] as string[],
  };
  const flush = async () => {
    if (!part.day.length) return;
    const started = performance.now();
    await sql`insert into bench_raw_replay (day, resource_type, resource_id, event, origin, sender)
      select * from unnest(${part.day}::date[], ${part.t}::text[], ${part.i}::text[], ${part.e}::text[],
        ${part.o}::text[], ${part.s}::text[])`;
    ms += performance.now() - started;
    count += part.day.length;
    part = { day: [], t: [], i: [], e: [], o: [], s: [] };
  };
  for (const batch of syntheticBatches(records)) {
    const day = batch.recordedAt.slice(0, 10);
    for (const r of batch.records) {
      part.day.push(day);
      part.t.push(r.resourceType);
      part.i.push(r.resourceId);
      part.e.push(r.event);
      part.o.push(batch.origin);
      part.s.push(batch.visitor);
    }
    if (part.day.length >= 50_000) await flush();
  }
  await flush();
  return { records: count, seconds: ms / 1000, failures: 0 };
}

const perSecond = (r: Rate) => r.records / Math.max(r.seconds, 1e-6);

export async function statsBench(options: {
  cluster: BenchCluster;
  counts: StatsBenchCounts;
  log: (line: string) => void;
}): Promise<void> {
  const { cluster, counts, log } = options;
  log(`stats counts: ${JSON.stringify(counts)}`);

  // (a) ingestion
  const platformDb = await cluster.createDatabase('stats_http');
  const rawDb = await cluster.createDatabase('stats_raw', { migrate: false });
  const host = await hostPlatform({ databaseUrl: platformDb, adminToken: ADMIN_TOKEN, logLevel: 'warn' });
  let http: Rate & { statuses: string };
  let raw: Rate;
  try {
    // warm-up: connections, plans, the day's salt
    await ingestThroughHttp(host.platformUrl, { ...counts, ingestSeconds: 1, senders: 50 });
    log(`  load average before ingestion: ${loadAverage()}`);
    // the HTTP run's senders must not meet the warm-up's: the warm-up used bench-0..49 for one second, far
    // below their rate; the run rotates through all of them
    http = await ingestThroughHttp(host.platformUrl, counts);
    log(
      `  ingestion through HTTP   ${fmt(perSecond(http))} records/s (${fmt(http.records)} records in ${http.seconds.toFixed(1)} s; statuses ${http.statuses})`,
    );
    raw = await ingestRaw(rawDb, counts);
    log(
      `  raw INSERT, same rows    ${fmt(perSecond(raw))} records/s (${fmt(raw.records)} records in ${raw.seconds.toFixed(1)} s)`,
    );
    log(`  load average after ingestion: ${loadAverage()}`);
  } finally {
    await host.stop();
  }

  // (b) replay
  const replayDb = await cluster.createDatabase('stats_replay');
  const sql = postgres(replayDb, { max: 4, onnotice: () => {} });
  try {
    const seedStarted = performance.now();
    const { events } = await seedLog(sql, counts.replayRecords);
    log(
      `  seeded ${fmt(events)} StatsRecorded events (${fmt(events * STATS_BATCH_MAX)} records) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const eventStore = new PostgresEventStore({ sql, contracts: new EventContractRegistry([StatsRecorded]) });
    log(`  load average before replay: ${loadAverage()}`);
    const schema = 'stats_run_bench';
    const summary = await replayStatistics({ sql, eventStore, schema });
    const [rows] = await sql<{ counts: string; senders: string }[]>`
      select (select count(*) from stats_run_bench.stats_daily_counts)::text as counts,
             (select count(*) from stats_run_bench.stats_daily_senders)::text as senders`;
    const replay: Rate = { records: summary.records, seconds: summary.durationMs / 1000, failures: 0 };
    log(
      `  replay into the statistics projection: ${fmt(perSecond(replay))} records/s, ${fmt(summary.events / replay.seconds)} StatsRecorded events/s ` +
        `(${fmt(summary.records)} records in ${replay.seconds.toFixed(2)} s; ${fmt(Number(rows!.counts))} daily count rows, ${fmt(Number(rows!.senders))} sender rows)`,
    );
    await dropStatisticsRun(sql, schema);
    const rawReplay = await replayRaw(sql, counts.replayRecords);
    log(
      `  raw INSERT, same rows    ${fmt(perSecond(rawReplay))} records/s (${fmt(rawReplay.records)} rows in ${rawReplay.seconds.toFixed(2)} s)`,
    );
    log(`  load average after replay: ${loadAverage()}`);
    log('');
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    log(
      `${verdict(perSecond(http) >= STATS_TARGETS.ingestRecordsPerSecond)}  ingestion ${fmt(perSecond(http))} records/s through HTTP (target ≥ ${fmt(STATS_TARGETS.ingestRecordsPerSecond)}; raw INSERT ${fmt(perSecond(raw))})`,
    );
    log(
      `${verdict(perSecond(replay) >= STATS_TARGETS.replayRecordsPerSecond)}  replay ${fmt(perSecond(replay))} records/s (target ≥ ${fmt(STATS_TARGETS.replayRecordsPerSecond)} view/download events/s; raw INSERT ${fmt(perSecond(rawReplay))})`,
    );
  } finally {
    await sql.end();
  }
}
