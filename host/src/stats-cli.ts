// `npm run stats -- …`: the analysts' usage statistics (issue 22). Replays the log's statistics records into a
// fresh projection of the run's own (never the live read model), with a progress bar, and exports its daily
// counts as CSV and JSON, byte for byte the same for the same log (host/src/stats/export.ts).
import { createWriteStream, type WriteStream } from 'node:fs';
import cliProgress from 'cli-progress';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { StatsRecorded } from '@platform/contracts/stats/records';
import { loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { dropStatisticsRun, replayStatistics } from '@platform/projectors/stats/statistics-run';
import { connectToPlatformDatabase } from './cli-database.ts';
import { eventContractsOf, platformModules } from './modules.ts';
import { parseStatsArguments, statisticsRunSchema, STATS_USAGE, writeExport } from './stats/export.ts';

/** Writes in order, waiting when the stream asks to (an export of millions of rows to a pipe). */
function writerTo(stream: NodeJS.WritableStream | WriteStream) {
  return (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      stream.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
}

async function closed(stream: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function main(): Promise<void> {
  const parsed = parseStatsArguments(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n${STATS_USAGE}`);
    process.exit(2);
  }
  const args = parsed.value;
  if (args.help) {
    process.stdout.write(STATS_USAGE);
    return;
  }

  const config = loadConfig();
  const { url, embedded } = await connectToPlatformDatabase(config);
  const sql = createSql(url);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const schema = statisticsRunSchema(new Date());
  let created = false;
  try {
    await migrate(url);
    // the platform's contracts, so that old event shapes are upcast as the projections see them
    const eventStore = new PostgresEventStore({
      sql,
      contracts: new EventContractRegistry(eventContractsOf(platformModules())),
    });
    const [count] = await sql<{ n: string }[]>`
      select count(*)::text as n from es_events where event_type = ${StatsRecorded.type}`;
    const total = Number(count?.n ?? 0);
    const bar = new cliProgress.SingleBar(
      {
        format:
          'statistics [{bar}] {percentage}% | {value}/{total} batches | {records} records | {rate} events/s, {recordRate} records/s | {duration_formatted}',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    bar.start(total, 0, { rate: 0, records: 0, recordRate: 0 });
    created = true;
    const summary = await replayStatistics({
      sql,
      eventStore,
      schema,
      batchSize: args.batchSize,
      signal: controller.signal,
      ...(args.from !== undefined ? { from: args.from } : {}),
      onProgress: ({ events, records }) => {
        if (events > total) bar.setTotal(events);
        const seconds = (performance.now() - started) / 1000;
        bar.update(events, {
          records,
          rate: seconds > 0 ? Math.round(events / seconds) : 0,
          recordRate: seconds > 0 ? Math.round(records / seconds) : 0,
        });
      },
    });
    bar.stop();
    const seconds = summary.durationMs / 1000;
    process.stderr.write(
      `Replayed ${summary.events} StatsRecorded events (${summary.records} records${args.from ? ` from ${args.from}` : ''}) ` +
        `in ${seconds.toFixed(2)} s: ${Math.round(summary.events / Math.max(seconds, 1e-3))} events/s, ` +
        `${Math.round(summary.records / Math.max(seconds, 1e-3))} records/s.\n`,
    );
    for (const format of ['csv', 'json'] as const) {
      const path = args[format];
      if (path === undefined) continue;
      const file = path === '-' ? null : createWriteStream(path);
      const rows = await writeExport(sql, schema, format, writerTo(file ?? process.stdout));
      if (file) {
        await closed(file);
        process.stderr.write(`Wrote ${rows} rows to ${path}.\n`);
      }
    }
    if (args.keep) process.stderr.write(`The run's tables are kept in the schema ${schema}.\n`);
  } finally {
    if (created && !args.keep) await dropStatisticsRun(sql, schema).catch(() => undefined);
    await sql.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nStatistics failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
