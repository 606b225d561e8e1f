/**
 * `npm run bench -- --only software` (ADR 0061): the software catalogue's three calls whose cost should not grow with
 * the tables behind them, at two sizes of those tables.
 *
 * - **A software report**, `POST /api/v1/services/software/stats`, anonymous (no cookie, no token), from an
 *   installation that exists (made by its first report) naming a declared event (`launch`): each request is one
 *   new stat on a stream of its own (command-api/src/software/routes.ts). The sizes are the software-stats rows
 *   reported before (and their `SoftwareStatCreated` events in `es_events`).
 * - **The back office's statistics over 30 days**, `GET /api/v1/services/software/stats/counts?from=…&to=…`, with the
 *   machine admin token: the rows of the period are the same `period` at both sizes, the other rows spread over the
 *   years before it, so that what grows is the table, not what the period holds (query-api/src/software/
 *   counts-routes.ts reads the period's rows by `recorded_at`).
 * - **The member's list**, `GET /api/v1/services/software/associations`, signed in as a member (a session cookie)
 *   with `mine` authorizations of `associationsEach` installations each, while other addresses' authorizations grow
 *   (each with one association to an installation of its own): query-api/src/software/routes.ts joins the member's
 *   verified address to the authorizations, then their associations to the installations.
 *
 * Beside them, bare Express in a child process of its own (bare-baseline.ts): a GET
 * answering as many bytes as the statistics' answer, and a POST of the report's body parsed as JSON and answered with
 * 201 and as many bytes as the platform's answer. Per size, the two reads and bare Express's GET in rotating slices,
 * then the report and bare Express's POST in rotating slices (so that the reads see the seeded tables, not the rows
 * the reports add), each after a warm-up: requests per second, p50 and p99; then large / small per side, normalised
 * by the bare Express side measured in the same slices. The size-dependent statements are EXPLAINed at each size
 * (written here as the routes write them).
 *
 * Seeding: the declared events, the service, the member and the member's authorizations through the admin API; the
 * report's installation and the member's installations by a first report each; the member's associations through
 * `POST /api/v1/services/software/associations` as the member. Then the bulk, the platform stopped
 * (community-bulk.ts: the layer's `<Prefix>Created` events into `es_events`, the rows and the kept counts by
 * set-based SQL): other addresses' installations, authorizations and associations, then the stats. Each size's
 * counts are checked in the read model (rows, the period's rows, every kept count recounted) and through the two
 * reads before it is measured.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { deriveId } from '@platform/command-api/handler';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import {
  softwareInstallationResource,
  softwareServiceAssociationResource,
  softwareServiceAuthorizationResource,
  softwareServiceResource,
  softwareStatResource,
  statsEventResource,
} from '@platform/contracts/software/records';
import { createSql } from '@platform/infra/db/postgres';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { BenchCluster } from '../env.ts';
import { createMember, signIn } from './accounting-bench.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate, checkKeptCounts } from './community-bulk.ts';
import type { SeedEvent } from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { hostBare } from './bare-baseline.ts';
import { load, p50, p99, rateOf, rotate, type Load } from './load.ts';
import { fmt, ms, twoSizeReport } from './two-size-report.ts';
import { settle } from './settle.ts';

export interface SoftwareBenchCounts {
  /** software-stats rows seeded before the measurement, the small size then the large */
  stats: [number, number];
  /** of them, in the measured 30 days: the same at both sizes */
  period: number;
  /** other addresses' authorizations (each with one association to an installation of its own), small then large */
  authorizations: [number, number];
  /** the measured member's authorizations */
  mine: number;
  /** installations associated with each of the member's authorizations */
  associationsEach: number;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const SOFTWARE_FULL: SoftwareBenchCounts = {
  stats: [1_000, 100_000],
  period: 300,
  authorizations: [1_000, 50_000],
  mine: 3,
  associationsEach: 2,
  connections: 16,
  slices: 6,
  secondsPerSlice: 2,
};
export const SOFTWARE_QUICK: SoftwareBenchCounts = {
  stats: [200, 5_000],
  period: 100,
  authorizations: [100, 2_000],
  mine: 3,
  associationsEach: 2,
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const DAY_MS = 86_400_000;
/** The measured period, 30 days well before the run (the reports the measurement makes come after it). */
const PERIOD = { from: '2026-09-01', to: '2026-09-30' };
const PERIOD_START = Date.parse(`${PERIOD.from}T00:00:00Z`);
const PERIOD_END = Date.parse(`${PERIOD.to}T00:00:00Z`) + DAY_MS;
/** The other seeded stats: over the years before the period. */
const EARLIER_START = Date.UTC(2022, 0, 1);
const GOLDEN = (Math.sqrt(5) - 1) / 2;

const EVENTS = ['launch', 'update'] as const;
const VERSIONS = ['2.3.0', '2.4.0', '2.4.1', '2.5.0-beta.1'];
const SYSTEMS = ['Windows 11', 'Windows 10', 'Android 14', 'macOS 15'];
/** what the report sends: its installation's system stays the same, so no report updates the installation */
const REPORT_INSTALLATION = 'bench-report-device';
const REPORT_SYSTEM = 'Windows 11';

const JSON_API = 'application/vnd.api+json';
/** what the software sends with a report: a JSON body, no cookie */
const SOFTWARE_HEADERS = { 'content-type': JSON_API };

const STATS = resourceTable(softwareStatResource).table;
const AUTHORIZATIONS = resourceTable(softwareServiceAuthorizationResource).table;
const ASSOCIATIONS = resourceTable(softwareServiceAssociationResource).table;
const INSTALLATIONS = resourceTable(softwareInstallationResource).table;
const SERVICES = resourceTable(softwareServiceResource).table;
const EVENT_TABLE = resourceTable(statsEventResource).table;
const column = (definition: ResourceDefinition, name: string) => `"${resourceColumn(definition, name)}"`;
const RECORDED_AT = column(softwareStatResource, 'recordedAt');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface Ids {
  events: Record<(typeof EVENTS)[number], string>;
  service: string;
  member: { id: string; email: string; password: string };
}

/** The n-th other installation, authorization and association, and the n-th stat: their record ids. */
const installationOf = (n: number) => deriveId('bench-software-installation', n);
const authorizationOf = (n: number) => deriveId('bench-software-authorization', n);
const associationOf = (n: number) => deriveId('bench-software-association', n);
const statOf = (n: number) => deriveId('bench-software-stat', n);

/** The n-th other installation, as its first report makes one. */
function seededInstallation(n: number): SeedEvent {
  const id = installationOf(n);
  return {
    streamId: softwareInstallationResource.streamId(id),
    type: softwareInstallationResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt: new Date(EARLIER_START + n * 60_000).toISOString(),
    data: {
      id,
      attributes: softwareInstallationResource.attributes.parse({
        installationId: `bench-device-${String(n).padStart(6, '0')}`,
        deviceId: `device-${n}`,
        system: SYSTEMS[n % SYSTEMS.length],
      }),
      relationships: {},
    },
  };
}

/** The n-th other address's authorization of the service (every other one with an end, in the future). */
function seededAuthorization(n: number, ids: Ids): SeedEvent {
  const id = authorizationOf(n);
  return {
    streamId: softwareServiceAuthorizationResource.streamId(id),
    type: softwareServiceAuthorizationResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt: new Date(EARLIER_START + n * 60_000).toISOString(),
    data: {
      id,
      attributes: softwareServiceAuthorizationResource.attributes.parse({
        distId: `order-${n}`,
        email: `owner-${n}@example.org`,
        startsAt: null,
        expiresAt: n % 2 === 0 ? null : '2030-01-01T00:00:00.000Z',
      }),
      relationships: { service: ids.service },
    },
  };
}

/** The n-th other address's association: its installation with its authorization. */
function seededAssociation(n: number): SeedEvent {
  const id = associationOf(n);
  return {
    streamId: softwareServiceAssociationResource.streamId(id),
    type: softwareServiceAssociationResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt: new Date(EARLIER_START + n * 60_000 + 1_000).toISOString(),
    data: {
      id,
      // the first of its authorization's places (ADR 0061: an association keeps its place's number)
      attributes: softwareServiceAssociationResource.attributes.parse({ name: null, place: 1 }),
      relationships: { authorization: authorizationOf(n), installation: installationOf(n), user: null },
    },
  };
}

/**
 * When the n-th stat was recorded: the first `period` evenly over the measured 30 days, the others over the years
 * before it (a golden-ratio sequence: evenly spread at any count).
 */
export function statRecordedAt(n: number, period: number): string {
  const at =
    n < period
      ? PERIOD_START + Math.floor(((n + 0.5) * (PERIOD_END - PERIOD_START)) / period)
      : EARLIER_START + Math.floor((((n - period) * GOLDEN) % 1) * (PERIOD_START - EARLIER_START));
  return new Date(at).toISOString();
}

/** The n-th stat, of one of the `installations` other installations. */
function seededStat(n: number, ids: Ids, period: number, installations: number): SeedEvent {
  const id = statOf(n);
  const recordedAt = statRecordedAt(n, period);
  const version = VERSIONS[n % VERSIONS.length]!;
  return {
    streamId: softwareStatResource.streamId(id),
    type: softwareStatResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt,
    data: {
      id,
      attributes: softwareStatResource.attributes.parse({
        version,
        fromVersion: n % 5 === 0 ? '2.3.0' : null,
        recordedAt,
        system: SYSTEMS[(n >> 2) % SYSTEMS.length],
      }),
      relationships: {
        event: ids.events[n % 5 === 0 ? 'update' : 'launch'],
        installation: installationOf(n % installations),
      },
    },
  };
}

const reportBody = (installationId: string) =>
  JSON.stringify({
    data: {
      type: 'software-stats',
      attributes: {
        installationId,
        deviceId: `${installationId}-device`,
        event: 'launch',
        version: '2.4.1',
        fromVersion: null,
        system: REPORT_SYSTEM,
      },
    },
  });

/** A record made through the admin API: its id. */
async function adminCreate(host: HostedPlatform, adminToken: string, path: string, body: unknown) {
  const answer = await fetch(`${host.platformUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': JSON_API },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** An installation made by its software's first report: the report's answer in bytes. */
async function report(host: HostedPlatform, installationId: string): Promise<number> {
  const answer = await fetch(`${host.platformUrl}/api/v1/services/software/stats`, {
    method: 'POST',
    headers: SOFTWARE_HEADERS,
    body: reportBody(installationId),
  });
  const text = await answer.text();
  if (answer.status !== 201) throw new Error(`a report: ${answer.status} ${text.slice(0, 300)}`);
  return Buffer.byteLength(text);
}

/**
 * What the admin API, the software's first reports and the member make before any bulk: the declared events, the
 * service, the member with `mine` authorizations, the report's installation and the member's installations, each
 * associated by the member. Answers the ids and the stats these reports made.
 */
async function seedThroughApi(
  host: HostedPlatform,
  adminToken: string,
  counts: SoftwareBenchCounts,
): Promise<{ ids: Ids; reported: number }> {
  const events = {} as Ids['events'];
  for (const name of EVENTS)
    events[name] = await adminCreate(host, adminToken, 'stats-events', {
      data: { type: 'stats-events', attributes: { name, description: `The bench's ${name}` } },
    });
  const service = await adminCreate(host, adminToken, 'software-services', {
    data: {
      type: 'software-services',
      attributes: { name: 'Bench voice', associationsMax: counts.associationsEach + 2 },
    },
  });
  const member = await createMember(host, adminToken);
  const ids: Ids = { events, service, member };
  const mine: string[] = [];
  for (let k = 0; k < counts.mine; k++)
    mine.push(
      await adminCreate(host, adminToken, 'software-service-authorizations', {
        data: {
          type: 'software-service-authorizations',
          attributes: { email: member.email, distId: `member-order-${k}`, expiresAt: null },
          relationships: { service: { data: { type: 'software-services', id: service } } },
        },
      }),
    );
  let reported = 0;
  await report(host, REPORT_INSTALLATION);
  reported++;
  const cookie = `atc_session=${await signIn(host, member)}`;
  for (const [k, authorization] of mine.entries())
    for (let j = 0; j < counts.associationsEach; j++) {
      const installationId = `bench-member-device-${k}-${j}`;
      await report(host, installationId);
      reported++;
      const answer = await fetch(`${host.platformUrl}/api/v1/services/software/associations`, {
        method: 'POST',
        headers: { cookie, 'content-type': JSON_API, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({
          data: {
            type: 'software-service-associations',
            attributes: { installationId, name: `Member's device ${k}-${j}` },
            relationships: {
              authorization: { data: { type: 'software-service-authorizations', id: authorization } },
            },
          },
        }),
      });
      const text = await answer.text();
      if (answer.status !== 201) throw new Error(`an association: ${answer.status} ${text.slice(0, 300)}`);
    }
  return { ids, reported };
}

interface Counts {
  /** every software-stats row */
  stats: number;
  /** the rows recorded before the period's end: the seeded ones (the reports are recorded now, after it) */
  seededStats: number;
  /** the rows of the measured period */
  period: number;
  authorizations: number;
  associations: number;
  installations: number;
}

async function countsOf(databaseUrl: string): Promise<Counts> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const start = literal(new Date(PERIOD_START).toISOString());
    const end = literal(new Date(PERIOD_END).toISOString());
    const [row] = await sql.unsafe<Counts[]>(
      `select (select count(*)::int from read.${STATS}) as stats,
              (select count(*)::int from read.${STATS} where ${RECORDED_AT} < ${end}) as "seededStats",
              (select count(*)::int from read.${STATS}
                where ${RECORDED_AT} >= ${start} and ${RECORDED_AT} < ${end}) as period,
              (select count(*)::int from read.${AUTHORIZATIONS}) as authorizations,
              (select count(*)::int from read.${ASSOCIATIONS}) as associations,
              (select count(*)::int from read.${INSTALLATIONS}) as installations`,
    );
    return row!;
  } finally {
    await sql.end();
  }
}

/** What the bulk has written so far: the other installations (= authorizations = associations), the stats. */
interface Seeded {
  others: number;
  stats: number;
}

/**
 * Grows the tables to the step's sizes in bulk beside the read model (the platform stopped): the other addresses'
 * installations, authorizations and associations, then the stats (of those installations), then vacuumed.
 */
async function grow(
  databaseUrl: string,
  ids: Ids,
  seeded: Seeded,
  target: { others: number; stats: number },
  counts: SoftwareBenchCounts,
  log: (line: string) => void,
) {
  const db = createSql(databaseUrl, { max: 2 });
  try {
    const bulk = async (
      definition: ResourceDefinition,
      from: number,
      to: number,
      make: (n: number) => SeedEvent,
    ) => {
      const { seconds: took } = await bulkCreate(db, { catalogue: CATALOGUE, definition, from, to, make });
      log(`  ${fmt(to - from)} ${definition.type} in bulk in ${took.toFixed(1)} s`);
    };
    const others = { from: seeded.others, to: target.others };
    await bulk(softwareInstallationResource, others.from, others.to, seededInstallation);
    await bulk(softwareServiceAuthorizationResource, others.from, others.to, (n) =>
      seededAuthorization(n, ids),
    );
    await bulk(softwareServiceAssociationResource, others.from, others.to, seededAssociation);
    seeded.others = target.others;
    await bulk(softwareStatResource, seeded.stats, target.stats, (n) =>
      seededStat(n, ids, counts.period, target.others),
    );
    seeded.stats = target.stats;
    await db`vacuum analyze`;
    await db`checkpoint`.catch(() => undefined);
  } finally {
    await db.end();
  }
}

/** Checks the read model holds what the seed put there, and every kept count agrees with the rows. */
async function checkCounts(
  databaseUrl: string,
  c: Counts,
  seeded: Seeded,
  reported: number,
  counts: SoftwareBenchCounts,
) {
  const mine = counts.mine * counts.associationsEach;
  const expected: Array<[string, number, number]> = [
    ['seeded stats', c.seededStats, seeded.stats],
    ['stats of the period', c.period, counts.period],
    ['stats', c.stats, seeded.stats + reported],
    ['authorizations', c.authorizations, seeded.others + counts.mine],
    ['associations', c.associations, seeded.others + mine],
    ['installations', c.installations, seeded.others + 1 + mine],
  ];
  for (const [what, have, want] of expected)
    if (have !== want) throw new Error(`${what}: ${have} in the read model, ${want} expected`);
  const db = createSql(databaseUrl, { max: 1 });
  try {
    const differences = await checkKeptCounts(db, CATALOGUE, [
      softwareStatResource,
      softwareServiceAuthorizationResource,
      softwareServiceAssociationResource,
    ]);
    if (differences.length) throw new Error(`kept counts differ: ${differences.join('; ')}`);
  } finally {
    await db.end();
  }
}

/** A plan's nodes, outermost first, its time and its buffers (as accounting-bench.ts prints them). */
function planSummary(plan: {
  Plan: Record<string, unknown>;
  'Execution Time': number;
  'Planning Time': number;
}) {
  const nodes: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const index = node['Index Name'] ? ` using ${String(node['Index Name'])}` : '';
    const on = node['Relation Name'] ? ` on ${String(node['Relation Name'])}` : '';
    const rows = node['Actual Rows'] !== undefined ? ` (${String(node['Actual Rows'])} rows)` : '';
    nodes.push(`${String(node['Node Type'])}${on}${index}${rows}`);
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  walk(plan.Plan);
  const hit = Number(plan.Plan['Shared Hit Blocks'] ?? 0);
  const readBlocks = Number(plan.Plan['Shared Read Blocks'] ?? 0);
  return (
    `${nodes.join(' > ')}; planning ${plan['Planning Time'].toFixed(2)} ms, execution ` +
    `${plan['Execution Time'].toFixed(2)} ms, ${hit + readBlocks} buffers (${readBlocks} read)`
  );
}

/**
 * The statements whose work could grow with the tables, written here as the routes write them: the statistics'
 * (counts-routes.ts, over the measured period) and the member's list's two (routes.ts).
 */
function statements(ids: Ids, authorizations: string[]): Array<[string, string]> {
  const s = (name: string) => `s.${column(softwareStatResource, name)}`;
  const a = (name: string) => `a.${column(softwareServiceAuthorizationResource, name)}`;
  const x = (name: string) => `x.${column(softwareServiceAssociationResource, name)}`;
  const i = (name: string) => `i.${column(softwareInstallationResource, name)}`;
  const sv = (name: string) => `s.${column(softwareServiceResource, name)}`;
  const iso = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const start = literal(new Date(PERIOD_START).toISOString());
  const end = literal(new Date(PERIOD_END).toISOString());
  const counts = `
    with period as materialized (
      select to_char(${s('recordedAt')} at time zone 'UTC', 'YYYY-MM-DD') as day, e.${column(statsEventResource, 'name')} as event,
             ${s('installation')} as installation, ${s('version')} as version, ${s('system')} as system
        from read.${STATS} s
        join read.${EVENT_TABLE} e on e.id = ${s('event')} and e.deleted_at is null
        join read.${INSTALLATIONS} i on i.id = ${s('installation')} and i.deleted_at is null
       where ${s('recordedAt')} >= ${start}::timestamptz and ${s('recordedAt')} < ${end}::timestamptz
         and s.deleted_at is null
    )
    select
      (select coalesce(json_agg(json_build_object('day', day, 'event', event, 'n', n) order by day, event), '[]')
         from (select day, event, count(*)::int as n from period group by day, event) d) as days,
      (select count(distinct installation)::int from period) as installations,
      (select coalesce(json_agg(json_build_object('version', version, 'count', n) order by n desc, version), '[]')
         from (select version, count(*)::int as n from period where version is not null group by version
                order by n desc, version limit 10) v) as versions,
      (select coalesce(json_agg(json_build_object('system', system, 'count', n) order by n desc, system nulls last), '[]')
         from (select system, count(*)::int as n from period group by system
                order by n desc, system nulls last limit 10) y) as systems`;
  const mine = `
    select a.id::text as id, ${sv('name')} as service, ${sv('deliverFile')} as deliver_file,
           ${sv('associationsMax')} as associations_max, ${a('distId')} as dist_id,
           ${iso(a('startsAt'))} as starts_at, ${iso(a('expiresAt'))} as expires_at
      from read.users u
      join read.${AUTHORIZATIONS} a on ${a('email')} = u.email and a.deleted_at is null
      join read.${SERVICES} s on s.id = ${a('service')} and s.deleted_at is null
     where u.id = ${literal(ids.member.id)} and u.email_verified_at is not null
     order by ${a('expiresAt')} desc nulls first, a.id`;
  const linked = `
    select x.id::text as id, ${x('authorization')}::text as authorization, ${x('name')} as name,
           ${i('installationId')} as installation_id, ${i('name')} as installation_name, ${i('system')} as system,
           ${iso('x.created_at')} as associated_at
      from read.${ASSOCIATIONS} x
      join read.${INSTALLATIONS} i on i.id = ${x('installation')}
     where ${x('authorization')} = any(array[${authorizations.map(literal).join(', ')}]::uuid[])
       and x.deleted_at is null
     order by x.created_at, x.id`;
  return [
    ['statistics', counts],
    ["member's authorizations", mine],
    ["member's associations", linked],
  ];
}

async function explain(databaseUrl: string, ids: Ids, authorizations: string[], log: (line: string) => void) {
  const db = createSql(databaseUrl, { max: 1 });
  try {
    for (const [name, text] of statements(ids, authorizations)) {
      // twice: the second is the warm one the measurement sees
      await db.unsafe(`explain (analyze, buffers, format json) ${text}`);
      const [row] = await db.unsafe<Array<{ 'QUERY PLAN': unknown }>>(
        `explain (analyze, buffers, format json) ${text}`,
      );
      const plan = (row!['QUERY PLAN'] as Array<Parameters<typeof planSummary>[0]>)[0]!;
      log(`    EXPLAIN ${name}: ${planSummary(plan)}`);
    }
    const sizes = await db.unsafe<Array<{ relname: string; rows: string; size: string }>>(
      `select c.relname, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relname = any($1) and c.relkind = 'r' and n.nspname like 'proj_%'
        order by c.relname`,
      [[STATS, AUTHORIZATIONS, ASSOCIATIONS, INSTALLATIONS]],
    );
    log(`    tables: ${sizes.map((t) => `${t.relname} ${fmt(Number(t.rows))} rows, ${t.size}`).join('; ')}`);
  } finally {
    await db.end();
  }
}

export interface SoftwareFigure {
  /** 0: the small size, 1: the large one */
  step: number;
  call: string;
  /** the rows of the table the call's size is (stats, or authorizations) at the start of its slices and at the end */
  rows: { start: number; end: number } | null;
  /** the answer's bytes */
  bytes: number;
  load: Load;
}

const REPORT = 'software report (anonymous)';
const COUNTS = 'statistics, 30 days (admin)';
const MINE = "member's list (signed in)";
const BARE_GET = 'bare Express GET';
const BARE_POST = 'bare Express POST, same body';

interface Side {
  name: string;
  bytes: number;
  run(seconds: number): Promise<Load>;
}

/** A read sent once and checked (200): its document and its bytes. */
async function readOnce<T>(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: T; bytes: number }> {
  const answer = await fetch(url, { headers });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
}

interface CountsDocument {
  data: { attributes: { total: number; installations: number; days: string[] } };
}
interface MineDocument {
  data: Array<{ id: string; attributes: { associations: unknown[] } }>;
}

async function measureSize(options: {
  host: HostedPlatform;
  bareUrl: string;
  databaseUrl: string;
  adminToken: string;
  cookie: string;
  ids: Ids;
  step: number;
  before: Counts;
  counts: SoftwareBenchCounts;
  log: (line: string) => void;
}): Promise<SoftwareFigure[]> {
  const { host, bareUrl, databaseUrl, adminToken, cookie, ids, step, before, counts, log } = options;
  const countsUrl = `${host.platformUrl}/api/v1/services/software/stats/counts?from=${PERIOD.from}&to=${PERIOD.to}`;
  const mineUrl = `${host.platformUrl}/api/v1/services/software/associations`;
  const admin = { authorization: `Bearer ${adminToken}` };
  const member = { cookie };

  // each call made once and checked before anything is timed
  const stats = await readOnce<CountsDocument>(countsUrl, admin);
  const { total, installations, days } = stats.body.data.attributes;
  const reporting = Math.min(counts.period, counts.authorizations[0]);
  if (total !== counts.period || installations !== reporting || days.length !== 30)
    throw new Error(
      `the statistics: ${total} events of ${installations} installations over ${days.length} days, ` +
        `${counts.period} of ${reporting} over 30 expected`,
    );
  const mine = await readOnce<MineDocument>(mineUrl, member);
  if (
    mine.body.data.length !== counts.mine ||
    mine.body.data.some((a) => a.attributes.associations.length !== counts.associationsEach)
  )
    throw new Error(`the member's list: ${JSON.stringify(mine.body).slice(0, 300)}`);
  await explain(
    databaseUrl,
    ids,
    mine.body.data.map((a) => a.id),
    log,
  );

  const get = (url: string, headers: Record<string, string>) => (secs: number) =>
    load({ url, headers, connections: counts.connections, seconds: secs });
  const reads: Side[] = [
    { name: COUNTS, bytes: stats.bytes, run: get(countsUrl, admin) },
    { name: MINE, bytes: mine.bytes, run: get(mineUrl, member) },
    { name: BARE_GET, bytes: stats.bytes, run: get(`${bareUrl}/bytes/${stats.bytes}`, {}) },
  ];
  // the reads first, on the tables as seeded (the reports add stats): a warm-up second of each, not counted
  let started = performance.now();
  for (const side of reads) await side.run(1);
  const readLoads = await rotate(reads, counts.slices, counts.secondsPerSlice);
  log(`  reads measured in ${seconds(started)} s (load average ${loadAverage()})`);

  // then the reports, the report sent once and checked first
  const body = reportBody(REPORT_INSTALLATION);
  const reportBytes = await report(host, REPORT_INSTALLATION);
  const writes: Side[] = [
    {
      name: REPORT,
      bytes: reportBytes,
      run: (secs) =>
        load({
          url: `${host.platformUrl}/api/v1/services/software/stats`,
          connections: counts.connections,
          seconds: secs,
          method: 'POST',
          headers: SOFTWARE_HEADERS,
          body,
        }),
    },
    {
      name: BARE_POST,
      bytes: reportBytes,
      run: (secs) =>
        load({
          url: `${bareUrl}/answer/${reportBytes}`,
          connections: counts.connections,
          seconds: secs,
          method: 'POST',
          headers: SOFTWARE_HEADERS,
          body,
        }),
    },
  ];
  started = performance.now();
  for (const side of writes) await side.run(1);
  // the warm-up's stats projected: the rows the report's slices start from
  await settle(databaseUrl);
  const start = await countsOf(databaseUrl);
  const writeLoads = await rotate(writes, counts.slices, counts.secondsPerSlice);
  log(
    `  reports measured in ${seconds(started)} s (load average ${loadAverage()}); settling the projections`,
  );
  await settle(databaseUrl);
  const end = await countsOf(databaseUrl);
  if (end.period !== counts.period) throw new Error(`the period holds ${end.period} stats after the reports`);

  const figures: SoftwareFigure[] = [
    {
      step,
      call: COUNTS,
      rows: { start: before.stats, end: before.stats },
      bytes: stats.bytes,
      load: readLoads[0]!,
    },
    {
      step,
      call: MINE,
      rows: { start: before.authorizations, end: before.authorizations },
      bytes: mine.bytes,
      load: readLoads[1]!,
    },
    { step, call: BARE_GET, rows: null, bytes: stats.bytes, load: readLoads[2]! },
    {
      step,
      call: REPORT,
      rows: { start: start.stats, end: end.stats },
      bytes: reportBytes,
      load: writeLoads[0]!,
    },
    { step, call: BARE_POST, rows: null, bytes: reportBytes, load: writeLoads[1]! },
  ];
  for (const f of figures)
    log(
      `  ${f.call.padEnd(30)}${f.rows ? ` (${fmt(f.rows.start)} -> ${fmt(f.rows.end)} rows)` : ''}: ` +
        `${fmt(rateOf(f.load))} req/s, p50 ${ms(p50(f.load))} ms, p99 ${ms(p99(f.load))} ms, ${fmt(f.load.requests)} ` +
        `requests${f.load.failures ? `, ${f.load.failures} FAILED` : ''}`,
    );
  return figures;
}

export async function softwareBench(options: {
  cluster: BenchCluster;
  counts: SoftwareBenchCounts;
  log: (line: string) => void;
}): Promise<SoftwareFigure[]> {
  const { cluster, counts, log } = options;
  if (counts.period > counts.stats[0]) throw new Error('the period holds more stats than the small size');
  const databaseUrl = await cluster.createDatabase('software');
  const adminToken = randomBytes(24).toString('base64url');
  log(
    `software: autocannon at ${counts.connections} connections, rotating slices (${counts.slices} of ` +
      `${counts.secondsPerSlice} s a side), the reads then the reports; ${fmt(counts.stats[0])} then ` +
      `${fmt(counts.stats[1])} earlier stats (${fmt(counts.period)} of them in ${PERIOD.from}..${PERIOD.to}), ` +
      `${fmt(counts.authorizations[0])} then ${fmt(counts.authorizations[1])} other addresses' authorizations`,
  );
  const bare = await hostBare();
  const figures: SoftwareFigure[] = [];
  let host = await hostPlatform({ databaseUrl, adminToken });
  try {
    let started = performance.now();
    const { ids, reported: madeThroughApi } = await seedThroughApi(host, adminToken, counts);
    let reported = madeThroughApi;
    log(
      `  2 declared events, a service, a member with ${counts.mine} authorizations of ${counts.associationsEach} ` +
        `installations each and the report's installation made through the API in ${seconds(started)} s`,
    );
    const seeded: Seeded = { others: 0, stats: 0 };
    for (const [step, size] of counts.stats.entries()) {
      started = performance.now();
      await settle(databaseUrl);
      await host.stop();
      await grow(
        databaseUrl,
        ids,
        seeded,
        { others: counts.authorizations[step]!, stats: size },
        counts,
        log,
      );
      host = await hostPlatform({ databaseUrl, adminToken });
      const cookie = `atc_session=${await signIn(host, ids.member)}`;
      await settle(databaseUrl);
      const before = await countsOf(databaseUrl);
      await checkCounts(databaseUrl, before, seeded, reported, counts);
      log(
        `  ${fmt(before.stats)} stats (${fmt(before.period)} in the period), ${fmt(before.authorizations)} ` +
          `authorizations, ${fmt(before.associations)} associations, ${fmt(before.installations)} installations ` +
          `seeded, projected and checked in ${seconds(started)} s (load average ${loadAverage()})`,
      );
      const measured = await measureSize({
        host,
        bareUrl: bare.bareUrl,
        databaseUrl,
        adminToken,
        cookie,
        ids,
        step,
        before,
        counts,
        log,
      });
      figures.push(...measured);
      reported = (await countsOf(databaseUrl)).stats - seeded.stats;
    }
  } finally {
    await host.stop();
    await bare.stop();
  }
  log('');
  log(formatSoftwareReport(figures, counts));
  return figures;
}

export const SOFTWARE_TARGET = {
  /** each call at the large size at ≥ 0.9× the small one, normalised by bare Express */
  flat: 0.9,
};

/** The table of calls per size, the growth between the sizes, and the targets. */
export function formatSoftwareReport(
  figures: readonly SoftwareFigure[],
  counts: Pick<SoftwareBenchCounts, 'stats' | 'authorizations'>,
): string {
  const sizeOf = (f: { call: string; step: number }) =>
    f.call === MINE
      ? `${fmt(counts.authorizations[f.step]!)} authorizations`
      : f.call === REPORT || f.call === COUNTS
        ? `${fmt(counts.stats[f.step]!)} stats`
        : '';
  return twoSizeReport(figures, {
    rowsHeader: 'rows',
    sizeOf,
    bareOf: (call) => (call === REPORT || call === BARE_POST ? BARE_POST : BARE_GET),
    bareCalls: [BARE_GET, BARE_POST],
    heading: 'Targets (a call must not slow down as its tables grow):',
    targets: [REPORT, COUNTS, MINE],
    flat: SOFTWARE_TARGET.flat,
    sizesOf: (call, at) => {
      const small = at(0, call);
      const large = at(1, call);
      return [small ? sizeOf(small) : '-', large ? sizeOf(large) : '-'];
    },
  }).join('\n');
}
