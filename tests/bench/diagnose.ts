import postgres from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import type { BenchCluster } from './env.ts';
import { diagnoseFilteredReads } from './diagnose-filter.ts';
import { diagnoseReads } from './diagnose-reads.ts';
import { percentile, perSecond } from './report.ts';
import { singleAppends, type Appender, type BenchCounts } from './scenarios.ts';
import { oursSubject } from './subjects/ours.ts';
import { rawSubject } from './subjects/raw.ts';

type Log = (line: string) => void;

/** Rounds of the append variants: the machine may be shared, so the median of several interleaved rounds. */
const ROUNDS = 4;

/** Share of sampled active backends per wait event while `work` runs (what the server waited on). */
async function sampleWaits(
  url: string,
  work: () => Promise<number>,
): Promise<{ ms: number; waits: Map<string, number> }> {
  const sampler = postgres(url, { max: 1, onnotice: () => {} });
  const counts = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sampler<{ w: string }[]>`
        select coalesce(wait_event_type || ':' || wait_event, 'on CPU') as w from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
      for (const r of rows) counts.set(r.w, (counts.get(r.w) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    const ms = await work();
    return { ms, waits: counts };
  } finally {
    running = false;
    await loop;
    await sampler.end();
  }
}

function formatShares(counts: Map<string, number>): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${Math.round((100 * v) / total)}%`)
    .join(', ');
}

/**
 * Where single-event appends stand against raw INSERTs, measured: the adapter, the same rows INSERTed into
 * es_events by a plain statement (its indexes, no version check), and raw INSERTs into a table with a primary
 * key only; interleaved rounds, with the wait events the server's backends were sampled in.
 */
async function diagnoseAppends(url: string, counts: BenchCounts, log: Log): Promise<void> {
  const sql = createSql(url, { max: counts.writers + 1 });
  const ours = oursSubject(url, counts.writers);
  const raw = await rawSubject(url, counts.writers);
  try {
    const variants: Appender[] = [
      { name: 'our appendToStream', append: ours.append },
      {
        name: 'plain INSERT into es_events (no version check)',
        append: async (streamId, expected, events) => {
          const e = events[0]!;
          await sql`insert into es_events (stream_id, stream_version, category, event_id, event_type, data, metadata)
            values (${streamId}, ${(expected + 1n).toString()}, ${streamId.split('-')[0]!}, ${e.eventId}, ${e.type},
                    ${sql.json(e.data as never)}, ${sql.json(e.metadata as never)})`;
          return true;
        },
      },
      { name: 'raw INSERT', append: raw.append },
    ];
    const perRound = { ...counts, singlePerWriter: Math.max(1, Math.floor(counts.singlePerWriter / 2)) };
    log(
      `single-event appends, ${counts.writers} writers x ${perRound.singlePerWriter} events, ${ROUNDS} interleaved rounds (median, then each round):`,
    );
    const rates = new Map<string, number[]>();
    const waits = new Map<string, Map<string, number>>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of variants) {
        const sampled = await sampleWaits(url, async () => (await singleAppends(v, perRound)).ms);
        rates.set(v.name, [
          ...(rates.get(v.name) ?? []),
          perSecond(counts.writers * perRound.singlePerWriter, sampled.ms),
        ]);
        const w = waits.get(v.name) ?? new Map<string, number>();
        for (const [k, n] of sampled.waits) w.set(k, (w.get(k) ?? 0) + n);
        waits.set(v.name, w);
      }
    }
    const median = (name: string) =>
      percentile(
        [...(rates.get(name) ?? [])].sort((a, b) => a - b),
        50,
      );
    for (const v of variants) {
      const rounds = (rates.get(v.name) ?? []).map((r) => Math.round(r)).join(', ');
      log(
        `  ${v.name.padEnd(52)} ${Math.round(median(v.name)).toString().padStart(6)} events/s  [${rounds}]`,
      );
      log(`  ${''.padEnd(52)} waits: ${formatShares(waits.get(v.name) ?? new Map())}`);
    }
    const rawRate = median('raw INSERT');
    for (const v of variants.slice(0, 2))
      log(`  => ${v.name}: ${(median(v.name) / rawRate).toFixed(2)}x raw`);
  } finally {
    await ours.close();
    await raw.close();
    await sql.end();
  }
}

export async function diagnose(
  cluster: BenchCluster,
  counts: BenchCounts,
  log: Log,
  dataUrl: string,
): Promise<void> {
  log('== diagnosis ==');
  await diagnoseAppends(await cluster.createDatabase('diagnose'), counts, log);
  await diagnoseReads(dataUrl, counts, log);
  await diagnoseFilteredReads(await cluster.createDatabase('filter'), counts, log);
}
