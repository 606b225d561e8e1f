// `npm run replay -- <projection>`: rebuilds one projection from position 0 beside the live one, then swaps.
import cliProgress from 'cli-progress';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { replayProjection } from '@platform/projectors/replay';
import { connectToPlatformDatabase } from './cli-database.ts';
import { eventContractsOf, platformModules, projectionsOf } from './modules.ts';

const modules = platformModules();
const projections = projectionsOf(modules);

function usage(message: string): never {
  const names = projections.map((p) => `  ${p.name} (v${p.version})`).join('\n') || '  (none registered)';
  process.stderr.write(
    `${message}\nUsage: npm run replay -- <projection> [--batch-size=N]\nProjections:\n${names}\n`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const name = args.find((a) => !a.startsWith('--'));
  const batchArg = args.find((a) => a.startsWith('--batch-size='));
  // each batch is one transaction; while it is open, events appended meanwhile stay invisible to subscribers
  // (the event store reads below the oldest running transaction), so big batches trade live latency for speed
  const batchSize = batchArg ? Number(batchArg.slice('--batch-size='.length)) : 2000;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000)
    usage('--batch-size must be an integer from 1 to 100000.');
  if (!name) usage('Which projection?');
  if (!projections.some((p) => p.name === name)) usage(`Unknown projection "${name}".`);

  const config = loadConfig();
  // the platform's projections as it runs them: the default locale's text search configuration indexes its text
  const projection = projectionsOf(platformModules(undefined, { defaultLocale: config.DEFAULT_LOCALE })).find(
    (p) => p.name === name,
  )!;
  const { url, embedded } = await connectToPlatformDatabase(config);
  const sql = createSql(url);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  try {
    await migrate(url);
    // the same contracts as the platform, so old event shapes are upcast exactly as the runner sees them
    const eventStore = new PostgresEventStore({
      sql,
      contracts: new EventContractRegistry(eventContractsOf(modules)),
    });
    const types = projection.eventTypes.length > 0 ? [...projection.eventTypes] : null;
    // an estimate for the bar: events appended during the replay are applied too
    const [count] = await sql<{ n: string }[]>`
      select count(*)::text as n from es_events ${types ? sql`where event_type = any(${types})` : sql``}`;
    const total = Number(count?.n ?? 0);

    const bar = new cliProgress.SingleBar(
      {
        format: `${projection.name} v${projection.version} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | {duration_formatted}`,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    bar.start(total, 0, { rate: 0 });
    const summary = await replayProjection({
      batchSize,
      sql,
      eventStore,
      projection,
      signal: controller.signal,
      onProgress: (applied) => {
        if (applied > total) bar.setTotal(applied);
        const seconds = (performance.now() - started) / 1000;
        bar.update(applied, { rate: seconds > 0 ? Math.round(applied / seconds) : 0 });
      },
    });
    bar.update(summary.events);
    bar.stop();
    process.stdout.write(
      `Replayed ${summary.projection} v${summary.version} (${summary.mode === 'rebuild' ? 'rebuilt beside the live tables' : 'new version'}): ` +
        `${summary.events} events in ${(summary.durationMs / 1000).toFixed(2)} s, ${summary.eventsPerSecond} events/s; now live.\n`,
    );
  } finally {
    await sql.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nReplay failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
