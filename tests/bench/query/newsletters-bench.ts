/**
 * `npm run bench -- --only newsletters` (ADR 0065): a newsletter's delivery as the contacts grow. The back office
 * sends a mailing template (`POST /api/v1/services/newsletters/{id}/send`, the admin token); the platform's job
 * `newsletters.deliver` (host/src/newsletters/deliver.ts) then writes each subscribed contact their letter, 20 a
 * step, into the dev mailbox (no SMTP_URL). At two sizes of the contacts' table, the same number of them subscribed
 * (`recipients`, the others not), so that the job's work is the same and only the table differs:
 *
 * 1. **the delivery rate**: letters per second from the send's answer until the sending's `finishedAt` is read
 *    (polled every 50 ms with the admin token; a measurement, not a test's wait), `rounds` sendings per size after
 *    `warmUps` not counted, each of a new version of the template (a version is sent once). The sending's own
 *    stream says when each step appended its progress: the wait for the job's first pass, the time between steps;
 * 2. **the step's read** of the next 20 recipients, timed in this process at the start, the middle and the end of the
 *    recipients' ids, and EXPLAINed as the prepared statement runs it (newsletters-statements.ts);
 * 3. **the send command**: its round trip per sending, and its count(*) of the subscribed contacts timed in this
 *    process, on the table and on a copy of it with 80% of the contacts subscribed;
 * 4. **the baseline**: the same number of letters' rows inserted into `dev_mailbox` by raw SQL, 20 a batch, after
 *    each measured sending.
 *
 * Seeding, per size in a database of its own: the template through the admin API; the contacts in bulk beside the
 * read model, the platform stopped (community-bulk.ts: `LightUserCreated` events into `es_events`, the rows into the
 * light users' projection table), each with a random id as the layer's create draws one, `recipients` of them
 * subscribed, spread evenly over the seeding order (and so, their ids being random, over the ids). The e-mail
 * addresses' claim streams are not written: no contact is made, nor found by address, by anything measured. The
 * read model's counts (rows, subscribed, events) are checked before anything is timed, and every sending's letters
 * in the dev mailbox after it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { lightUserResource } from '@platform/contracts/contacts/records';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { newsletterSendingResource } from '@platform/contracts/newsletters/sending';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { DELIVER_EVERY_MS } from '@platform/host/newsletters/deliver';
import { createSql } from '@platform/infra/db/postgres';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { BenchCluster } from '../env.ts';
import { percentile } from '../report.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate } from './community-bulk.ts';
import type { SeedEvent } from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import {
  NEWSLETTERS_TARGET,
  formatNewslettersReport,
  type NewslettersSize,
  type Round,
} from './newsletters-report.ts';
import {
  CONTACTS_VIEW,
  baselineInserts,
  explainCount,
  explainRecipients,
  mostlySubscribedCopy,
  recipientIds,
  recipientsAfter,
  subscribedCount,
  timeInTurns,
  type MailboxRow,
} from './newsletters-statements.ts';
import { fmt } from './two-size-report.ts';
import { settle } from './settle.ts';

export interface NewslettersBenchCounts {
  /** the contacts' table: the small size, then the large */
  contacts: [number, number];
  /** the contacts subscribed at both sizes: each sending's letters */
  recipients: number;
  /** sendings measured per size, after `warmUps` not counted */
  rounds: number;
  warmUps: number;
  /** runs of each statement timed in this process */
  statementRuns: number;
}
export const NEWSLETTERS_FULL: NewslettersBenchCounts = {
  contacts: [2_500, 50_000],
  recipients: 2_000,
  rounds: 3,
  warmUps: 1,
  statementRuns: 300,
};
export const NEWSLETTERS_QUICK: NewslettersBenchCounts = {
  contacts: [300, 5_000],
  recipients: 200,
  rounds: 1,
  warmUps: 1,
  statementRuns: 50,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const CONTACTS = resourceTable(lightUserResource).table;
const SUBSCRIBED = resourceColumn(lightUserResource, 'hasMailSubscription');
const JSON_API = 'application/vnd.api+json';
/** how often the sending is read while its letters go */
const POLL_MS = 50;
/** the contacts' languages, in turn: the job reads the letter once a step per language (null: the platform's) */
const LOCALE_CYCLE = ['en', 'fr', null, 'en'] as const;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call of the admin API with the admin token: its status and document. */
async function adminCall(
  host: HostedPlatform,
  adminToken: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await fetch(`${host.platformUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': JSON_API },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON:API document, read by the fields used
  return { status: answer.status, text, doc: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const INTRO =
  '<p>Our <a href="https://example.org/fair">fair</a> opens on Monday &amp; lasts a week. Come and try the new ' +
  'joysticks, the eye trackers and the switches; bring a friend.</p><p>The programme is on the site.</p>';

async function makeTemplate(host: HostedPlatform, adminToken: string, subject: string): Promise<string> {
  const made = await adminCall(host, adminToken, 'POST', 'mailing-templates', {
    data: {
      type: 'mailing-templates',
      attributes: { subject, introText: INTRO, outroText: '<p>See you!</p>' },
    },
  });
  if (made.status !== 201)
    throw new Error(`POST mailing-templates: ${made.status} ${made.text.slice(0, 300)}`);
  return made.doc.data.id as string;
}

/** The n-th of `size` seeded contacts; `recipients` of them subscribed, evenly spread over n. */
function seededContact(n: number, size: number, recipients: number): SeedEvent {
  const id = randomUUID();
  const subscribed = Math.floor(((n + 1) * recipients) / size) > Math.floor((n * recipients) / size);
  return {
    streamId: lightUserResource.streamId(id),
    type: lightUserResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
    data: {
      id,
      attributes: lightUserResource.attributes.parse({
        firstName: 'Reader',
        lastName: `Contact ${n}`,
        email: `contact-${n}@example.org`,
        locale: LOCALE_CYCLE[n % LOCALE_CYCLE.length],
        hasMailSubscription: subscribed,
      }),
      relationships: {},
    },
  };
}

/** The contacts in the read model (rows, subscribed and live) and their created events in the log. */
async function contactCounts(databaseUrl: string) {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [row] = await sql<Array<{ rows: number; subscribed: number; events: number }>>`
      select (select count(*)::int from ${sql('read')}.${sql(CONTACTS)}) as rows,
             (select count(*)::int from ${sql('read')}.${sql(CONTACTS)}
               where ${sql(SUBSCRIBED)} and deleted_at is null) as subscribed,
             (select count(*)::int from es_events where event_type = ${lightUserResource.events.created}) as events`;
    return row!;
  } finally {
    await sql.end();
  }
}

/** The sending's steps as its own stream tells them: when it was asked, and when each step appended its progress. */
async function stepsOf(db: ReturnType<typeof createSql>, sendingId: string) {
  const events = await db<Array<{ type: string; at: string }>>`
    select event_type as type, metadata->>'recordedAt' as at from es_events
     where stream_id = ${newsletterSendingResource.streamId(sendingId)} order by stream_version`;
  const asked = Date.parse(events[0]!.at);
  const progress = events
    .filter((e) => e.type === newsletterSendingResource.events.updated)
    .map((e) => Date.parse(e.at));
  return {
    steps: progress.length,
    firstStepMs: progress[0]! - asked,
    gaps: progress.slice(1).map((at, i) => at - progress[i]!),
    serverMs: progress[progress.length - 1]! - asked,
    lastStepAt: progress[progress.length - 1]!,
  };
}

/**
 * One sending: the template changed (a new version to send), sent, and its sending read every POLL_MS until
 * finished; then its counts and the dev mailbox's letters checked.
 */
async function deliverOnce(options: {
  host: HostedPlatform;
  adminToken: string;
  db: ReturnType<typeof createSql>;
  templateId: string;
  subject: string;
  recipients: number;
  /** the send is not made before this time (epoch ms) */
  notBefore: number;
}): Promise<Round> {
  const { host, adminToken, db, templateId, subject, recipients } = options;
  await sleep(Math.max(0, options.notBefore - Date.now()));
  const changed = await adminCall(host, adminToken, 'PATCH', `mailing-templates/${templateId}`, {
    data: { type: 'mailing-templates', id: templateId, attributes: { subject } },
  });
  if (changed.status !== 200)
    throw new Error(`PATCH the template: ${changed.status} ${changed.text.slice(0, 300)}`);
  const sendStarted = performance.now();
  const sent = await adminCall(host, adminToken, 'POST', `services/newsletters/${templateId}/send`);
  const answered = performance.now();
  if (sent.status !== 201) throw new Error(`the send: ${sent.status} ${sent.text.slice(0, 300)}`);
  const sendingId = sent.doc.data.id as string;
  const { position, recipientsCount } = sent.doc.meta as { position: string; recipientsCount: number };
  if (recipientsCount !== recipients)
    throw new Error(`the send counted ${recipientsCount} subscribed contacts, ${recipients} expected`);
  let polls = 0;
  let attributes: Record<string, unknown> = {};
  for (;;) {
    polls++;
    const read = await adminCall(
      host,
      adminToken,
      'GET',
      `newsletter-sendings/${sendingId}?minPosition=${encodeURIComponent(position)}`,
    );
    if (read.status !== 200) throw new Error(`the sending: ${read.status} ${read.text.slice(0, 300)}`);
    attributes = read.doc.data.attributes as Record<string, unknown>;
    if (attributes.finishedAt != null) break;
    if (performance.now() - answered > 600_000)
      throw new Error(`the sending ${sendingId} did not finish in 10 min`);
    await sleep(POLL_MS);
  }
  const finished = performance.now();
  if (attributes.deliveredCount !== recipients || attributes.failedCount !== 0)
    throw new Error(`the sending ${sendingId} finished with ${JSON.stringify(attributes)}`);
  const [mail] = await db<Array<{ letters: number; readers: number }>>`
    select count(*)::int as letters, count(distinct to_address)::int as readers from dev_mailbox
     where subject = ${subject}`;
  if (mail!.letters !== recipients || mail!.readers !== recipients)
    throw new Error(
      `the dev mailbox holds ${mail!.letters} letters to ${mail!.readers} readers of "${subject}"`,
    );
  return {
    subject,
    sendingId,
    letters: recipients,
    sendMs: answered - sendStarted,
    toFinishedMs: finished - answered,
    polls,
    ...(await stepsOf(db, sendingId)),
  };
}

/** One size: seeded in a database of its own and checked, then the sendings and the baseline, then the statements. */
async function measureSize(options: {
  cluster: BenchCluster;
  step: number;
  size: number;
  counts: NewslettersBenchCounts;
  log: (line: string) => void;
}): Promise<NewslettersSize> {
  const { cluster, step, size, counts, log } = options;
  const databaseUrl = await cluster.createDatabase(`newsletters_${step}`);
  const adminToken = randomBytes(24).toString('base64url');
  const started = performance.now();
  let host = await hostPlatform({ databaseUrl, adminToken });
  const templateId = await makeTemplate(host, adminToken, 'Bench letter');
  await settle(databaseUrl, 600_000);
  await host.stop();
  const db = createSql(databaseUrl, { max: 1 });
  try {
    const { seconds: bulk } = await bulkCreate(db, {
      catalogue: CATALOGUE,
      definition: lightUserResource,
      from: 0,
      to: size,
      make: (n) => seededContact(n, size, counts.recipients),
    });
    log(`  ${fmt(size)} contacts in bulk in ${bulk.toFixed(1)} s`);
    await db`vacuum analyze`;
    await db`checkpoint`.catch(() => undefined);
    host = await hostPlatform({ databaseUrl, adminToken });
    try {
      await settle(databaseUrl, 600_000);
      const seeded = await contactCounts(databaseUrl);
      if (seeded.rows !== size || seeded.events !== size || seeded.subscribed !== counts.recipients)
        throw new Error(
          `the read model: ${JSON.stringify(seeded)}, ${size} contacts and ${counts.recipients} subscribed expected`,
        );
      const [collation] = await db<Array<{ collate: string }>>`
        select datcollate as collate from pg_database where datname = current_database()`;
      log(
        `  ${fmt(seeded.rows)} contacts (${fmt(seeded.subscribed)} subscribed, ${fmt(seeded.events)} ` +
          `LightUserCreated) seeded, projected and checked in ${seconds(started)} s (load average ${loadAverage()}; ` +
          `the database's collation ${collation!.collate})`,
      );
      const sent = await sendings({ host, adminToken, db, templateId, step, size, counts, log });
      // the statements with the platform stopped: nothing else on the database
      await host.stop();
      return { step, size, ...sent, ...(await statements(db, size, counts, log)) };
    } finally {
      await host.stop();
    }
  } finally {
    await db.end();
  }
}

/** The sendings of a size, each measured one followed by the baseline. */
async function sendings(options: {
  host: HostedPlatform;
  adminToken: string;
  db: ReturnType<typeof createSql>;
  templateId: string;
  step: number;
  size: number;
  counts: NewslettersBenchCounts;
  log: (line: string) => void;
}): Promise<Pick<NewslettersSize, 'rounds' | 'baseline'>> {
  const { host, adminToken, db, templateId, step, size, counts, log } = options;
  const started = performance.now();
  const rounds: Round[] = [];
  const baseline = { multi: [] as number[], single: [] as number[] };
  let notBefore = 0;
  for (let r = 0; r < counts.warmUps + counts.rounds; r++) {
    const warmUp = r < counts.warmUps;
    const round = await deliverOnce({
      host,
      adminToken,
      db,
      templateId,
      subject: `Bench letter, ${fmt(size)} contacts, ${warmUp ? 'warm-up' : 'round'} ${r + 1}`,
      recipients: counts.recipients,
      notBefore,
    });
    // the next send half-way between two of the idle job's passes (the first comes DELIVER_EVERY_MS after the
    // finishing step), so that every sending waits about as long for its first step, at both sizes
    notBefore = round.lastStepAt + 1.5 * DELIVER_EVERY_MS;
    const gaps = [...round.gaps].sort((a, b) => a - b);
    // the steps' spacing early and late in the sending: each step reads the sending's stream, one event longer
    const tenth = Math.max(1, Math.floor(round.gaps.length / 10));
    const early = [...round.gaps.slice(0, tenth)].sort((a, b) => a - b);
    const late = [...round.gaps.slice(-tenth - 1, -1)].sort((a, b) => a - b);
    log(
      `  ${warmUp ? 'warm-up' : `round ${r + 1 - counts.warmUps}`}: send ${round.sendMs.toFixed(1)} ms, ` +
        `${fmt(round.letters)} letters, finished read after ${(round.toFinishedMs / 1000).toFixed(2)} s ` +
        `(${fmt((round.letters * 1000) / round.toFinishedMs, 1)} letters/s, ${round.polls} polls); ` +
        `${round.steps} steps, the first's progress ${fmt(round.firstStepMs)} ms after the send, then p50 ` +
        `${fmt(percentile(gaps, 50))} ms apart (max ${fmt(gaps[gaps.length - 1] ?? Number.NaN)}; p50 of the first ` +
        `tenth ${fmt(percentile(early, 50))}, of the last ${fmt(percentile(late, 50))})`,
    );
    if (warmUp) continue;
    rounds.push(round);
    // the baseline after each measured sending, the platform idle: the same letters' rows, 20 a batch
    const [letter] = await db<MailboxRow[]>`
      select to_address, subject, text_body, html_body, headers from dev_mailbox
       where subject = ${round.subject} limit 1`;
    baseline.multi.push(await baselineInserts(db, letter!, round.letters, 'multi', `${step}-${r}-m`));
    baseline.single.push(await baselineInserts(db, letter!, round.letters, 'single', `${step}-${r}-s`));
    log(
      `    baseline: ${fmt(round.letters)} rows into dev_mailbox at ${fmt(baseline.multi.at(-1)!)} rows/s ` +
        `(one INSERT of 20 a batch), ${fmt(baseline.single.at(-1)!)} rows/s (20 INSERTs of one a batch)`,
    );
  }
  log(`  sendings measured in ${seconds(started)} s (load average ${loadAverage()})`);
  return { rounds, baseline };
}

/** The three positions of a step's read: the first step, the middle one's and the last full one's. */
const positionsOf = (ids: readonly string[]) => [
  { name: 'start', after: null },
  { name: 'middle', after: ids[Math.floor(ids.length / 2) - 1]! },
  { name: 'end', after: ids[ids.length - 21]! },
];

/**
 * The job's read of a step and the send's count, timed and EXPLAINed in this process: on the platform's table,
 * then on a copy of it with 80% of the contacts subscribed, there beside the read as it was before its fix (sorted
 * by the id's text).
 */
async function statements(
  db: ReturnType<typeof createSql>,
  size: number,
  counts: NewslettersBenchCounts,
  log: (line: string) => void,
): Promise<Pick<NewslettersSize, 'reads' | 'count' | 'mostly'>> {
  await db`analyze`;
  const askedAt = new Date();
  const positions = positionsOf(await recipientIds(db));
  for (const p of positions) {
    const rows = await recipientsAfter(db, askedAt, p.after);
    if (rows.length !== 20) throw new Error(`the step's read at the ${p.name}: ${rows.length} rows`);
  }
  const reads = await timeInTurns(
    positions.map((p) => () => recipientsAfter(db, askedAt, p.after)),
    counts.statementRuns,
  );
  await explainRecipients(db, askedAt, positions, log, { full: true });

  const copy = await mostlySubscribedCopy(db);
  try {
    const [mostly] = await subscribedCount(db, copy);
    const copyPositions = positionsOf(await recipientIds(db, copy));
    const byAlias = { table: copy, order: 'alias' } as const;
    const byColumn = { table: copy, order: 'column' } as const;
    // the variant gives the rows the platform's statement gives, in this database's collation, or it is not one
    for (const p of copyPositions) {
      const [a, b] = [
        await recipientsAfter(db, askedAt, p.after, byAlias),
        await recipientsAfter(db, askedAt, p.after, byColumn),
      ];
      if (a.map((r) => r.id).join() !== b.map((r) => r.id).join())
        log(`    the text order of the ids is not their uuid order at the ${p.name}: the variant differs`);
    }
    const copyReads = await timeInTurns(
      [
        ...copyPositions.map((p) => () => recipientsAfter(db, askedAt, p.after, byColumn)),
        ...copyPositions.map((p) => () => recipientsAfter(db, askedAt, p.after, byAlias)),
      ],
      Math.ceil(counts.statementRuns / 3),
    );
    const label = `on the copy with ${fmt(mostly!.count)} of ${fmt(size)} subscribed`;
    await explainRecipients(db, askedAt, copyPositions, log, {
      reading: byColumn,
      label: `the step's read ${label}`,
    });
    await explainRecipients(db, askedAt, copyPositions, log, {
      reading: byAlias,
      label: `the read before its fix (the id's text order) ${label}`,
    });
    const [count, countMostly] = await timeInTurns(
      [() => subscribedCount(db), () => subscribedCount(db, copy)],
      counts.statementRuns,
    );
    log(`    EXPLAIN the send's count: ${await explainCount(db, CONTACTS_VIEW)}`);
    log(`    EXPLAIN the send's count ${label}: ${await explainCount(db, copy)}`);
    const timed = (all: typeof copyReads, from: number) =>
      positions.map((p, i) => ({ position: p.name, timing: all[from + i]! }));
    return {
      reads: timed(reads, 0),
      count: count!,
      mostly: {
        subscribed: mostly!.count,
        count: countMostly!,
        reads: timed(copyReads, 0),
        beforeFix: timed(copyReads, positions.length),
      },
    };
  } finally {
    await db.unsafe(`drop table ${copy}`);
  }
}

export async function newslettersBench(options: {
  cluster: BenchCluster;
  counts: NewslettersBenchCounts;
  log: (line: string) => void;
}): Promise<NewslettersSize[]> {
  const { cluster, counts, log } = options;
  log(
    `newsletters: ${fmt(counts.contacts[0])} then ${fmt(counts.contacts[1])} contacts, ${fmt(counts.recipients)} ` +
      `subscribed at both; ${counts.rounds} sendings a size after ${counts.warmUps} warm-up, the sending read every ` +
      `${POLL_MS} ms; statements ${counts.statementRuns} runs each; targets: delivery >= ` +
      `${NEWSLETTERS_TARGET.delivery}x, the step's read <= ${NEWSLETTERS_TARGET.read}x (large / small)`,
  );
  const sizes: NewslettersSize[] = [];
  for (const [step, size] of counts.contacts.entries()) {
    log(`\n${fmt(size)} contacts:`);
    sizes.push(await measureSize({ cluster, step, size, counts, log }));
  }
  log('');
  log(formatNewslettersReport(sizes, counts.recipients));
  return sizes;
}
