/**
 * `npm run bench -- --only forms` (ADR 0062): the advanced forms' three calls whose cost should not grow with the
 * responses a form has had, at two sizes of them (the ended responses of the measured form).
 *
 * - **The form's public page**, `GET /api/v1/services/aforms/{id}`, as a visitor (no cookie): a form of three pages
 *   and ten fields (three section fields, seven questions) with `isCaptchaProtected: false`; query-api/src/forms/
 *   routes.ts reads the form's row by id and its fields by the form's index (`form_fields_form_id`), nothing of the
 *   responses. Beside it, the same page of a second form with the same fields and the captcha on, so that the
 *   challenge the page makes at each request (`createCaptcha`) is a cost of its own; that form has no responses.
 * - **Saving a page**, `PUT /api/v1/services/aforms/{id}/responses/{token}/sections/0`, as a visitor's browser sends it
 *   (no cookie, `X-Requested-With`), the first page's two answers, on responses started beforehand (`started` a size,
 *   their tokens rotated over so that each request saves another response): command-api/src/forms/routes.ts reads the
 *   form's stream, the form's fields (by the form's index) and the response's own stream, and appends to it.
 * - **The back office's list of the form's responses**, `GET /api/v1/form-responses?filter[form]={id}&page[size]=20`,
 *   signed in as an application administrator (a session cookie): the layer's list (query-api/src/resources/
 *   routes.ts), sorted by its default, `-createdAt`, with its capped count (ADR 0045). Its statement is EXPLAINed
 *   at each size (written here as the layer writes it, and checked against the layer's page).
 *
 * Beside them, bare Express in a child process of its own (bare-baseline.ts): a GET answering as many bytes as the
 * form's page, and a POST of the save's body parsed as JSON and answered with as many bytes as the save's answer.
 * Per size, the three reads and bare Express's GET in rotating slices, then the saves and bare Express's POST in
 * rotating slices (so that the reads see the responses as seeded, not the ones started for the saves), each after a
 * warm-up: requests per second, p50 and p99; then large / small per side, normalised by the bare Express side measured
 * in the same slices.
 *
 * Seeding: the application administrator, the two forms and their fields through the admin API. The ended responses,
 * the platform stopped, in bulk beside the read model (community-bulk.ts: the `FormResponseCreated` events into
 * `es_events`, each the response as ended with its seven answers, its id drawn from the form and a token as the
 * start draws it; the rows and the form's kept `endedResponsesCount` by set-based SQL). The responses the saves go
 * to, the platform running, through the event store: `FormResponseCreated` as the start decides it (a visitor's, no
 * answers), each on its own stream, dated before the ended ones (so that the list's first page is the same twenty
 * ended responses at both sizes), applied by the platform's projections before anything is timed. Each size's counts
 * are checked in the read model before it is measured, and again after its saves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { formResource, formResponseResource } from '@platform/contracts/forms/records';
import { allEventContracts } from '@platform/contracts/registry';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { captchaKeys, createCaptcha } from '@platform/infra/captcha';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type EventToAppend } from '@platform/infra/event-store';
import { formResponseIdOf } from '@platform/infra/forms/responses';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { BenchCluster } from '../env.ts';
import { percentile } from '../report.ts';
import { createMember, signIn } from './accounting-bench.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate } from './community-bulk.ts';
import type { SeedEvent } from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { hostBare } from './bare-baseline.ts';
import { load, p50, p99, rateOf, rotate, type Load } from './load.ts';
import { fmt, ms, twoSizeReport } from './two-size-report.ts';
import { metadata } from './seed.ts';
import { settle } from './settle.ts';

export interface FormsBenchCounts {
  /** the measured form's ended responses, the small size then the large */
  responses: [number, number];
  /** responses started before each size's saves (not ended), their tokens rotated over: one a save */
  started: number;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const FORMS_FULL: FormsBenchCounts = {
  responses: [1_000, 50_000],
  started: 16_000,
  connections: 16,
  slices: 6,
  secondsPerSlice: 2,
};
export const FORMS_QUICK: FormsBenchCounts = {
  responses: [200, 5_000],
  started: 3_000,
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const RESPONSES = resourceTable(formResponseResource).table;
const FORMS = resourceTable(formResource).table;
const column = (name: string) => `"${resourceColumn(formResponseResource, name)}"`;
const FORM_COLUMN = column('form');
const ENDED_AT = column('endedAt');
const SECTION = column('section');
const ENDED_COUNT = `"${resourceColumn(formResource, 'endedResponsesCount')}"`;
/** the back office's page (the list's page[size]) */
const PAGE_SIZE = 20;
/** what the list counts at most (ADR 0045: max(1,000, the page's end), one more to tell it stopped) */
const COUNT_LIMIT = 1_001;
/** the seeded responses end a minute apart each, going back from here */
const BASE = Date.UTC(2026, 9, 1);
/** the responses the saves go to were started before any of them ended, a second apart each, from here */
const STARTED_BASE = Date.UTC(2024, 0, 1);
/** FormResponseCreated events appended at once when the saves' responses are started (the group append's) */
const START_CONCURRENCY = 32;

const JSON_API = 'application/vnd.api+json';
/** what a browser's call sends (the platform refuses a cross-site write without it) */
const VISITOR_HEADERS = { 'content-type': JSON_API, 'x-requested-with': 'XMLHttpRequest' };

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface FieldSpec {
  key: string;
  title: string;
  type: string;
  position: number;
  required?: boolean;
  dataType?: string;
  config?: Record<string, unknown>;
  description?: string;
}

const CHOICES = ['Wheelchair', 'Walker', 'Hoist', 'Other'];
const NEEDS = ['Repair', 'Training', 'Transport', 'Advice'];
/** The bench's form: three pages (a section field starts each), ten fields, seven of them questions. */
const FIELDS: FieldSpec[] = [
  {
    key: 'intro',
    title: 'Equipment survey',
    type: 'section',
    position: 0,
    description: 'Tell us about you and your equipment.',
  },
  { key: 'name', title: 'Your name', type: 'short_text', position: 1, required: true },
  { key: 'email', title: 'Your e-mail', type: 'short_text', position: 2, required: true, dataType: 'email' },
  { key: 'device', title: 'About your device', type: 'section', position: 10 },
  {
    key: 'which',
    title: 'Which device?',
    type: 'single_choice',
    position: 11,
    required: true,
    config: { choices: CHOICES },
  },
  {
    key: 'years',
    title: 'Years of use',
    type: 'short_text',
    position: 12,
    dataType: 'integer',
    config: { min: 0, max: 80 },
  },
  {
    key: 'needs',
    title: 'What would help?',
    type: 'multiple_choice',
    position: 13,
    config: { choices: NEEDS, maxSelected: 3 },
  },
  { key: 'last', title: 'Before you send', type: 'section', position: 20 },
  { key: 'story', title: 'Anything to add?', type: 'long_text', position: 21, config: { maxLength: 2000 } },
  { key: 'consent', title: 'I agree to be contacted', type: 'checkbox', position: 22, required: true },
];
const QUESTIONS = FIELDS.filter((f) => f.type !== 'section').length;

interface Form {
  id: string;
  /** the field ids by FieldSpec key */
  fields: Record<string, string>;
}

/** The n-th seeded response's token (as the start makes one: 24 bytes, URL-safe). */
const seededToken = (n: number) =>
  createHash('sha256').update(`bench-form-response:${n}`).digest().subarray(0, 24).toString('base64url');

/** The n-th seeded response, ended, with its seven answers as the saves keep them. */
function seededResponse(form: Form, n: number): SeedEvent {
  const id = formResponseIdOf(form.id, seededToken(n));
  const recordedAt = new Date(BASE - n * 60_000).toISOString();
  const f = form.fields;
  return {
    streamId: formResponseResource.streamId(id),
    type: formResponseResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt,
    data: {
      id,
      attributes: formResponseResource.attributes.parse({
        answers: {
          [f.name!]: `Visitor ${n}`,
          [f.email!]: `visitor-${n}@example.org`,
          [f.which!]: CHOICES[n % CHOICES.length],
          [f.years!]: n % 30,
          [f.needs!]: NEEDS.filter((_, k) => (n >> k) & 1).slice(0, 3),
          [f.story!]:
            n % 3 === 0 ? `Response ${n}: the wheels wear out after a winter of gravel paths.` : null,
          [f.consent!]: true,
        },
        section: 2,
        locale: (['en', 'fr', 'ro'] as const)[n % 3],
        endedAt: new Date(BASE - n * 60_000 + 600_000).toISOString(),
      }),
      relationships: { form: form.id },
    },
  };
}

/** What a visitor saves on the first page. */
const saveBody = (form: Form, n: number) =>
  JSON.stringify({
    data: {
      type: 'form-responses',
      attributes: {
        answers: { [form.fields.name!]: 'Ana Pop', [form.fields.email!]: `ana.pop.${n % 1000}@example.org` },
      },
    },
  });

/** A record made through the admin API: its id and the position to read it at. */
async function adminWrite(
  host: HostedPlatform,
  adminToken: string,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
) {
  const answer = await fetch(`${host.platformUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': JSON_API },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== (method === 'POST' ? 201 : 200))
    throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`);
  const doc = JSON.parse(text) as { data: { id: string }; meta: { position: string } };
  return { id: doc.data.id, position: doc.meta.position };
}

/** A form of FIELDS made by the back office, read once through its page at the last write's position. */
async function makeForm(
  host: HostedPlatform,
  adminToken: string,
  name: string,
  isCaptchaProtected: boolean,
): Promise<Form> {
  const form = await adminWrite(host, adminToken, 'POST', 'forms', {
    data: { type: 'forms', attributes: { name, isCaptchaProtected } },
  });
  const fields: Record<string, string> = {};
  let position = form.position;
  for (const field of FIELDS) {
    const made = await adminWrite(host, adminToken, 'POST', 'form-fields', {
      data: {
        type: 'form-fields',
        attributes: {
          title: field.title,
          position: field.position,
          required: field.required ?? false,
          config: field.config ?? {},
          ...(field.description ? { description: field.description } : {}),
        },
        relationships: {
          form: { data: { type: 'forms', id: form.id } },
          fieldType: { data: { type: 'form-field-types', id: field.type } },
          ...(field.dataType ? { dataType: { data: { type: 'form-data-types', id: field.dataType } } } : {}),
        },
      },
    });
    fields[field.key] = made.id;
    position = made.position;
  }
  // the saves are checked against the fields' read model: read the page once it has them all
  const page = await fetch(`${host.platformUrl}/api/v1/services/aforms/${form.id}?minPosition=${position}`);
  if (page.status !== 200)
    throw new Error(`the form's page: ${page.status} ${(await page.text()).slice(0, 300)}`);
  await page.text();
  return { id: form.id, fields };
}

/** The application administrator the back office signs in as: a member given the app_admin role. */
async function makeAppAdmin(host: HostedPlatform, adminToken: string) {
  const member = await createMember(host, adminToken);
  const granted = await adminWrite(host, adminToken, 'PATCH', `users/${member.id}`, {
    data: {
      type: 'users',
      id: member.id,
      relationships: { roles: { data: [{ type: 'roles', id: 'app_admin' }] } },
    },
  });
  // a session reads its roles from the read model: wait until the grant has reached it
  const read = await fetch(`${host.platformUrl}/api/v1/users/${member.id}?minPosition=${granted.position}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (read.status !== 200) throw new Error(`the application administrator: ${read.status}`);
  await read.text();
  return member;
}

interface Counts {
  /** the measured form's responses in the read model, ended or not */
  all: number;
  /** of them, ended */
  ended: number;
  /** of them, with the first page saved and not ended */
  saved: number;
  /** the form's kept endedResponsesCount */
  kept: number;
  /** FormResponseCreated events in the log */
  events: number;
}

async function countsOf(databaseUrl: string, form: Form): Promise<Counts> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [row] = await sql.unsafe<Counts[]>(
      `select (select count(*)::int from read.${RESPONSES} where ${FORM_COLUMN} = $1) as "all",
              (select count(*)::int from read.${RESPONSES} where ${FORM_COLUMN} = $1 and ${ENDED_AT} is not null)
                as ended,
              (select count(*)::int from read.${RESPONSES}
                where ${FORM_COLUMN} = $1 and ${ENDED_AT} is null and ${SECTION} = 1) as saved,
              (select coalesce(${ENDED_COUNT}, 0)::int from read.${FORMS} where id = $1) as kept,
              (select count(*)::int from es_events where event_type = $2) as events`,
      [form.id, formResponseResource.events.created],
    );
    return row!;
  } finally {
    await sql.end();
  }
}

/** The measured form's ended responses grown to `size` in bulk beside the read model (the platform stopped). */
async function grow(
  databaseUrl: string,
  form: Form,
  from: number,
  size: number,
  log: (line: string) => void,
) {
  const db = createSql(databaseUrl, { max: 2 });
  try {
    const { seconds: took } = await bulkCreate(db, {
      catalogue: CATALOGUE,
      definition: formResponseResource,
      from,
      to: size,
      make: (n) => seededResponse(form, n),
    });
    log(`  ${fmt(size - from)} ended responses in bulk in ${took.toFixed(1)} s`);
    await db`vacuum analyze`;
    await db`checkpoint`.catch(() => undefined);
  } finally {
    await db.end();
  }
}

/**
 * `count` responses started on the form through the event store, as the start decides one (a visitor's
 * FormResponseCreated on the response's own stream, expecting none), `START_CONCURRENCY` appends at a time: their
 * tokens.
 */
async function startResponses(
  databaseUrl: string,
  form: Form,
  count: number,
  from: number,
): Promise<string[]> {
  const sql = createSql(databaseUrl, { max: 8 });
  const store = new PostgresEventStore({ sql, contracts: new EventContractRegistry([...allEventContracts]) });
  const tokens = Array.from({ length: count }, () => randomBytes(24).toString('base64url'));
  let next = 0;
  try {
    const worker = async () => {
      while (next < tokens.length) {
        const n = next++;
        const token = tokens[n]!;
        const id = formResponseIdOf(form.id, token);
        const at = new Date(STARTED_BASE + (from + n) * 1000).toISOString();
        // a visitor's: no user
        const meta = {
          ...metadata(at),
          actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null },
        };
        const event: EventToAppend = {
          eventId: meta.eventId,
          type: formResponseResource.events.created,
          data: {
            id,
            attributes: formResponseResource.attributes.parse({ locale: 'en' }),
            relationships: { form: form.id },
          },
          metadata: meta,
        };
        await store.appendToStream(formResponseResource.streamId(id), [event], {
          expectedVersion: 'no_stream',
        });
      }
    };
    await Promise.all(Array.from({ length: START_CONCURRENCY }, worker));
  } finally {
    await sql.end();
  }
  return tokens;
}

/** One autocannon run, each request's path (and body) made by `next`; every response's latency kept. */
function send(options: {
  url: string;
  method: 'PUT' | 'POST';
  connections: number;
  seconds: number;
  next: () => { path: string; body: string };
}): Promise<Load> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        method: options.method,
        headers: VISITOR_HEADERS,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              const { path, body } = options.next();
              return { ...request, path, body };
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result['2xx'],
          seconds: result.duration,
          latencies,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

/** What making a page's challenge costs in this process (createCaptcha, the platform's settings). */
async function captchaInProcess(log: (line: string) => void) {
  const keys = captchaKeys(randomBytes(32).toString('hex'));
  const now = new Date();
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const started = performance.now();
    await createCaptcha(keys, 'bench', now);
    // the first 20 warm up
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  log(
    `  captcha in this process: createCaptcha p50 ${percentile(times, 50).toFixed(2)} ms, p99 ` +
      `${percentile(times, 99).toFixed(2)} ms (${times.length} challenges, what the page makes at each request)`,
  );
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

interface PageDocument {
  data: {
    attributes: {
      title: string | null;
      state: string;
      captcha: unknown;
      sections: Array<{ fields: unknown[] }>;
    };
  };
}
interface ListDocument {
  data: Array<{ id: string }>;
  meta: { total: number; totalCapped?: boolean };
}

/**
 * The list's statement as the layer writes it for an application administrator (query-api/src/resources/routes.ts:
 * the rule APP_ADMINS is true for the viewer, the soft-deleted rows left out, the form's filter; the page with its
 * capped count in one statement, sorted by the default -createdAt, then id), its values written out.
 */
function listStatement(form: Form): string {
  const where = `(true and "r"."deleted_at" is null) and "r".${FORM_COLUMN} = ${literal(form.id)}`;
  return `select r.*, (select count(*)::int from (select 1 from read.${RESPONSES} r where ${where}
      limit ${COUNT_LIMIT}) c) as list_total
    from read.${RESPONSES} r
   where ${where} order by "r"."created_at" desc nulls last, "r"."id" limit ${PAGE_SIZE} offset 0`;
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
    const sort = node['Sort Method'] ? ` [${String(node['Sort Method'])}]` : '';
    nodes.push(`${String(node['Node Type'])}${on}${index}${rows}${sort}`);
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
 * The list's statement checked against the layer's page (the same ids in the same order, the same count), then
 * EXPLAINed, with the table's size.
 */
async function explainList(databaseUrl: string, form: Form, page: ListDocument, log: (line: string) => void) {
  const db = createSql(databaseUrl, { max: 1 });
  try {
    const text = listStatement(form);
    const rows = await db.unsafe<Array<{ id: string; list_total: number }>>(text);
    const ids = rows.map((r) => String(r.id));
    const total = Math.min(rows[0]?.list_total ?? 0, COUNT_LIMIT - 1);
    if (ids.join() !== page.data.map((r) => r.id).join() || total !== page.meta.total)
      throw new Error(
        `the list's statement read ${ids.length} rows (count ${total}), not the layer's page ` +
          `(${page.data.length} rows, total ${page.meta.total})`,
      );
    // twice: the second is the warm one the measurement sees
    await db.unsafe(`explain (analyze, buffers, format json) ${text}`);
    const [row] = await db.unsafe<Array<{ 'QUERY PLAN': unknown }>>(
      `explain (analyze, buffers, format json) ${text}`,
    );
    const plan = (row!['QUERY PLAN'] as Array<Parameters<typeof planSummary>[0]>)[0]!;
    log(`    EXPLAIN the list's page with its count: ${planSummary(plan)}`);
    const [table] = await db<Array<{ rows: string; pages: number; size: string }>>`
      select c.reltuples::bigint::text as rows, c.relpages as pages, pg_size_pretty(pg_total_relation_size(c.oid)) as size
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relname = ${RESPONSES} and c.relkind = 'r' and n.nspname like 'proj_%'`;
    const indexes = await db<Array<{ name: string }>>`
      select indexname as name from pg_indexes where tablename = ${RESPONSES} and schemaname like 'proj_%'
       order by indexname`;
    if (table)
      log(
        `    table: ${RESPONSES} ${fmt(Number(table.rows))} rows, ${fmt(table.pages)} pages, ${table.size} with its ` +
          `indexes (${indexes.map((i) => i.name).join(', ')})`,
      );
  } finally {
    await db.end();
  }
}

export interface FormsFigure {
  /** 0: the small size, 1: the large one */
  step: number;
  call: string;
  /** the measured form's responses at the start of the call's slices and at their end (ended, and all) */
  responses: { ended: number; start: number; end: number } | null;
  /** the answer's bytes */
  bytes: number;
  load: Load;
}

const PAGE = "form's page (visitor)";
const PAGE_CAPTCHA = "form's page, captcha on";
const LIST = 'responses list (app admin)';
const SAVE = 'save page 1 (visitor)';
const BARE_GET = 'bare Express GET';
const BARE_POST = 'bare Express POST, same body';

interface Side {
  name: string;
  bytes: number;
  run(seconds: number): Promise<Load>;
}

async function measureSize(options: {
  host: HostedPlatform;
  bareUrl: string;
  databaseUrl: string;
  cookie: string;
  forms: { measured: Form; guarded: Form };
  step: number;
  before: Counts;
  counts: FormsBenchCounts;
  log: (line: string) => void;
}): Promise<FormsFigure[]> {
  const { host, bareUrl, databaseUrl, cookie, forms, step, before, counts, log } = options;
  const { measured: form, guarded } = forms;
  const pageUrl = (f: Form) => `${host.platformUrl}/api/v1/services/aforms/${f.id}`;
  const listUrl = `${host.platformUrl}/api/v1/form-responses?filter[form]=${form.id}&page[size]=${PAGE_SIZE}`;
  const admin = { cookie };

  // each read made once and checked before anything is timed
  const page = await readOnce<PageDocument>(pageUrl(form), {});
  const { sections, captcha, state } = page.body.data.attributes;
  if (
    state !== 'open' ||
    captcha !== null ||
    sections.length !== 3 ||
    sections.reduce((n, s) => n + s.fields.length, 0) !== QUESTIONS
  )
    throw new Error(`the form's page: ${JSON.stringify(page.body).slice(0, 300)}`);
  const guardedPage = await readOnce<PageDocument>(pageUrl(guarded), {});
  if (!guardedPage.body.data.attributes.captcha) throw new Error('the second form asks no captcha');
  const list = await readOnce<ListDocument>(listUrl, admin);
  const listTotal = Math.min(before.all, COUNT_LIMIT - 1);
  if (list.body.data.length !== Math.min(PAGE_SIZE, before.all) || list.body.meta.total !== listTotal)
    throw new Error(
      `the list: ${list.body.data.length} rows, total ${list.body.meta.total}; ${listTotal} expected of ${before.all}`,
    );
  await explainList(databaseUrl, form, list.body, log);

  const get = (url: string, headers: Record<string, string>) => (secs: number) =>
    load({ url, headers, connections: counts.connections, seconds: secs });
  const reads: Side[] = [
    { name: PAGE, bytes: page.bytes, run: get(pageUrl(form), {}) },
    { name: PAGE_CAPTCHA, bytes: guardedPage.bytes, run: get(pageUrl(guarded), {}) },
    { name: LIST, bytes: list.bytes, run: get(listUrl, admin) },
    { name: BARE_GET, bytes: page.bytes, run: get(`${bareUrl}/bytes/${page.bytes}`, {}) },
  ];
  // the reads first, on the responses as seeded: a warm-up second of each, not counted
  let started = performance.now();
  for (const side of reads) await side.run(1);
  const readLoads = await rotate(reads, counts.slices, counts.secondsPerSlice);
  log(`  reads measured in ${seconds(started)} s (load average ${loadAverage()})`);

  // then the responses the saves go to: started through the event store, projected
  started = performance.now();
  const tokens = await startResponses(databaseUrl, form, counts.started, before.all - before.ended);
  await settle(databaseUrl);
  const start = await countsOf(databaseUrl, form);
  if (start.all !== before.all + tokens.length)
    throw new Error(
      `${start.all} responses after ${tokens.length} starts, ${before.all + tokens.length} expected`,
    );
  log(
    `  ${fmt(tokens.length)} responses started and projected in ${seconds(started)} s ` +
      `(load average ${loadAverage()})`,
  );
  let sent = 0;
  const nextSave = () => {
    const token = tokens[sent % tokens.length]!;
    return {
      path: `/api/v1/services/aforms/${form.id}/responses/${token}/sections/0`,
      body: saveBody(form, sent++),
    };
  };
  // the save sent once and checked
  const first = nextSave();
  const answer = await fetch(`${host.platformUrl}${first.path}`, {
    method: 'PUT',
    headers: VISITOR_HEADERS,
    body: first.body,
  });
  const answerText = await answer.text();
  if (answer.status !== 200) throw new Error(`a save: ${answer.status} ${answerText.slice(0, 300)}`);
  const saveBytes = Buffer.byteLength(answerText);
  const body = saveBody(form, 0);
  const writes: Side[] = [
    {
      name: SAVE,
      bytes: saveBytes,
      run: (secs) =>
        send({
          url: host.platformUrl,
          method: 'PUT',
          connections: counts.connections,
          seconds: secs,
          next: nextSave,
        }),
    },
    {
      name: BARE_POST,
      bytes: saveBytes,
      run: (secs) =>
        send({
          url: bareUrl,
          method: 'POST',
          connections: counts.connections,
          seconds: secs,
          next: () => ({ path: `/answer/${saveBytes}`, body }),
        }),
    },
  ];
  started = performance.now();
  for (const side of writes) await side.run(1);
  const writeLoads = await rotate(writes, counts.slices, counts.secondsPerSlice);
  log(
    `  saves measured in ${seconds(started)} s (load average ${loadAverage()}), ${fmt(sent)} saves built over ` +
      `${fmt(tokens.length)} responses${sent > tokens.length ? ' (some saved twice: more started responses are needed)' : ''}; ` +
      `settling the projections`,
  );
  await settle(databaseUrl);
  const end = await countsOf(databaseUrl, form);
  if (end.ended !== before.ended || end.all !== start.all)
    throw new Error(`${end.ended} ended of ${end.all} responses after the saves`);
  log(`  ${fmt(end.saved)} responses with their first page saved`);

  const figures: FormsFigure[] = [
    {
      step,
      call: PAGE,
      responses: { ended: before.ended, start: before.all, end: before.all },
      bytes: page.bytes,
      load: readLoads[0]!,
    },
    { step, call: PAGE_CAPTCHA, responses: null, bytes: guardedPage.bytes, load: readLoads[1]! },
    {
      step,
      call: LIST,
      responses: { ended: before.ended, start: before.all, end: before.all },
      bytes: list.bytes,
      load: readLoads[2]!,
    },
    { step, call: BARE_GET, responses: null, bytes: page.bytes, load: readLoads[3]! },
    {
      step,
      call: SAVE,
      responses: { ended: end.ended, start: start.all, end: end.all },
      bytes: saveBytes,
      load: writeLoads[0]!,
    },
    { step, call: BARE_POST, responses: null, bytes: saveBytes, load: writeLoads[1]! },
  ];
  for (const f of figures)
    log(
      `  ${f.call.padEnd(30)}${f.responses ? ` (${fmt(f.responses.ended)} ended of ${fmt(f.responses.start)} responses)` : ''}: ` +
        `${fmt(rateOf(f.load))} req/s, p50 ${ms(p50(f.load))} ms, p99 ${ms(p99(f.load))} ms, ${fmt(f.load.requests)} ` +
        `requests${f.load.failures ? `, ${f.load.failures} FAILED` : ''}`,
    );
  return figures;
}

/** Checks the read model holds what the seed put there: the ended responses, the kept count, every response's event. */
function checkCounts(c: Counts, ended: number, started: number) {
  const expected: Array<[string, number, number]> = [
    ['ended responses', c.ended, ended],
    ['endedResponsesCount', c.kept, ended],
    ['responses of the form', c.all, ended + started],
    // the second form has none: every FormResponseCreated is the measured form's
    ['FormResponseCreated events', c.events, ended + started],
  ];
  for (const [what, have, want] of expected)
    if (have !== want) throw new Error(`${what}: ${have} in the read model, ${want} expected`);
}

export async function formsBench(options: {
  cluster: BenchCluster;
  counts: FormsBenchCounts;
  log: (line: string) => void;
}): Promise<FormsFigure[]> {
  const { cluster, counts, log } = options;
  const databaseUrl = await cluster.createDatabase('forms');
  const adminToken = randomBytes(24).toString('base64url');
  log(
    `forms: autocannon at ${counts.connections} connections, rotating slices (${counts.slices} of ` +
      `${counts.secondsPerSlice} s a side), the reads then the saves; ${fmt(counts.responses[0])} then ` +
      `${fmt(counts.responses[1])} ended responses on the form, ${fmt(counts.started)} more started before each ` +
      `size's saves`,
  );
  await captchaInProcess(log);
  const bare = await hostBare();
  const figures: FormsFigure[] = [];
  let host = await hostPlatform({ databaseUrl, adminToken });
  try {
    let started = performance.now();
    const appAdmin = await makeAppAdmin(host, adminToken);
    const forms = {
      measured: await makeForm(host, adminToken, 'Bench form', false),
      guarded: await makeForm(host, adminToken, 'Bench form with a captcha', true),
    };
    log(
      `  an application administrator and 2 forms of ${FIELDS.length} fields (3 pages) made through the admin API ` +
        `in ${seconds(started)} s`,
    );
    let seeded = 0;
    let startedSoFar = 0;
    for (const [step, size] of counts.responses.entries()) {
      started = performance.now();
      await settle(databaseUrl);
      await host.stop();
      await grow(databaseUrl, forms.measured, seeded, size, log);
      seeded = size;
      host = await hostPlatform({ databaseUrl, adminToken });
      const cookie = `atc_session=${await signIn(host, appAdmin)}`;
      await settle(databaseUrl);
      const before = await countsOf(databaseUrl, forms.measured);
      checkCounts(before, seeded, startedSoFar);
      log(
        `  ${fmt(before.ended)} ended responses (${fmt(before.all)} in all) seeded, projected and checked in ` +
          `${seconds(started)} s (load average ${loadAverage()})`,
      );
      figures.push(
        ...(await measureSize({
          host,
          bareUrl: bare.bareUrl,
          databaseUrl,
          cookie,
          forms,
          step,
          before,
          counts,
          log,
        })),
      );
      startedSoFar = (await countsOf(databaseUrl, forms.measured)).all - seeded;
    }
  } finally {
    await host.stop();
    await bare.stop();
  }
  log('');
  log(formatFormsReport(figures, counts));
  return figures;
}

export const FORMS_TARGET = {
  /** each call at the large size at ≥ 0.9× the small one, normalised by bare Express */
  flat: 0.9,
};

/** The table of calls per size, the growth between the sizes, the targets, and what the captcha costs the page. */
export function formatFormsReport(
  figures: readonly FormsFigure[],
  counts: Pick<FormsBenchCounts, 'responses'>,
): string {
  const at = (step: number, call: string) => figures.find((f) => f.step === step && f.call === call);
  const lines = twoSizeReport(
    figures.map((f) => ({ ...f, rows: f.responses })),
    {
      rowsHeader: 'responses of the form',
      sizeOf: (f) =>
        f.call === BARE_GET || f.call === BARE_POST ? '' : `${fmt(counts.responses[f.step]!)} ended`,
      bareOf: (call) => (call === SAVE || call === BARE_POST ? BARE_POST : BARE_GET),
      bareCalls: [BARE_GET, BARE_POST],
      heading: 'Targets (a call must not slow down as the form gets responses):',
      targets: [PAGE, SAVE, LIST],
      flat: FORMS_TARGET.flat,
      sizesOf: () => [`${fmt(counts.responses[0]!)}`, `${fmt(counts.responses[1]!)} ended responses`],
    },
  );
  const plain = [at(0, PAGE), at(1, PAGE)];
  const guarded = [at(0, PAGE_CAPTCHA), at(1, PAGE_CAPTCHA)];
  if (plain.every(Boolean) && guarded.every(Boolean))
    lines.push(
      `  (no target)  ${PAGE_CAPTCHA}: ${guarded
        .map((g, i) => `${fmt(rateOf(g!.load) / rateOf(plain[i]!.load), 2)}x`)
        .join(' and ')} the page without it (small, large size; its form has no responses)`,
    );
  return lines.join('\n');
}
