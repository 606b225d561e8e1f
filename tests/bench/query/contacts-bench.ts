/**
 * `npm run bench -- --only contacts` (ADR 0060, ADR 0043): two public write paths whose cost should not grow with
 * what was written before them, at two sizes of what was.
 *
 * - **A contact form's submission**, `POST /api/v1/services/forms/{id}/inputs`, anonymous, on a form with
 *   `onlyOneInput: true` (each request a new e-mail address, so each a new input) and `isCaptchaProtected: false`:
 *   the captcha's check is a cost of its own, measured on a second form that asks it, each request carrying a
 *   challenge read from the form's page (`GET /api/v1/services/forms/{id}?t=TOKEN`) and solved beforehand with
 *   `solveCaptcha` (not timed); those requests are a fixed number per slice (`captchas` / `slices`, one challenge
 *   each), the others run for the slice's time. `checkCaptcha` is also timed in this process. The sizes are the
 *   form's earlier inputs; each input is on a stream of its own (command-api/src/contacts/submit.ts), so the
 *   expectation is flat.
 * - **A survey answer**, `POST /api/v1/services/surveys/{id}/answers` as a visitor: no cookie is sent, so every
 *   request is a new visitor (infra/src/http/survey-visitor.ts issues the cookie). Answers are appended to the
 *   survey's own stream and each answer folds the whole stream (command-api/src/surveys/answer.ts: linear since the
 *   fold keeps its sets in place; it was quadratic). The sizes are the survey's earlier answers, and the cost is
 *   expected to grow with them. One answer at a time (`surveyConnections`): on one stream, concurrent answers only
 *   race for the next version and decide again. The answers go round `surveys` surveys of the same size, so that
 *   those the measurement adds spread over them (the counts before and after are printed).
 *
 * Beside them, bare Express answering a POST of the contact submission's body size with as many bytes as the
 * platform's answer (a child process of its own: bare-baseline.ts). Per size, in rotating slices after a warm-up of each side: requests
 * per second, p50 and p99; then large / small per side, normalised by bare Express.
 *
 * Seeding: the forms, the surveys and their choices through the admin API; each form's inputs in bulk beside the
 * read model (community-bulk.ts: the `LightUserFormInputCreated` events into `es_events`, the rows into the
 * projection's table and the form's kept `inputsCount` by set-based SQL), the platform stopped, each input's id
 * drawn from the form and its address as a submission with onlyOneInput draws it; each survey's answers through
 * the event store (SurveyAnswered on the survey's stream, 1,000 an append), applied by the platform's projections
 * before anything is timed. Each size's counts are checked in the read model before it is measured.
 */
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { respondentOf } from '@platform/command-api/contacts/routes';
import { deriveId } from '@platform/command-api/handler';
import type { CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import { lightUserFormInputResource, lightUserFormResource } from '@platform/contracts/contacts/records';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { allEventContracts } from '@platform/contracts/registry';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { SurveyAnswered, surveyResource, type SurveyAnsweredData } from '@platform/contracts/surveys/survey';
import { captchaKeys, checkCaptcha, createCaptcha, solveCaptcha } from '@platform/infra/captcha';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type EventToAppend } from '@platform/infra/event-store';
import { resourceTable } from '@platform/infra/resources/table';
import type { BenchCluster } from '../env.ts';
import { percentile } from '../report.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate } from './community-bulk.ts';
import type { SeedEvent } from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { hostBare } from './bare-baseline.ts';
import { p50, p99, rateOf, rotate, type Load } from './load.ts';
import { metadata } from './seed.ts';
import { settle } from './settle.ts';

export interface ContactsBenchCounts {
  /** each form's earlier inputs, the small size then the large */
  inputs: [number, number];
  /** each survey's earlier answers, the small size then the large */
  answers: [number, number];
  /** surveys of the same size the answers go round */
  surveys: number;
  /** connections of the form submissions and of bare Express */
  connections: number;
  /** connections of the survey answers: one answer at a time */
  surveyConnections: number;
  slices: number;
  secondsPerSlice: number;
  /** captcha-protected submissions per size (each with its own challenge, solved beforehand), over the slices */
  captchas: number;
}
export const CONTACTS_FULL: ContactsBenchCounts = {
  inputs: [1_000, 100_000],
  answers: [1_000, 20_000],
  surveys: 5,
  connections: 16,
  surveyConnections: 1,
  slices: 6,
  secondsPerSlice: 2,
  captchas: 1_800,
};
export const CONTACTS_QUICK: ContactsBenchCounts = {
  inputs: [100, 2_000],
  answers: [100, 2_000],
  surveys: 10,
  connections: 16,
  surveyConnections: 1,
  slices: 2,
  secondsPerSlice: 1,
  captchas: 300,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const INPUTS = resourceTable(lightUserFormInputResource);
const FORMS = resourceTable(lightUserFormResource);
const SURVEYS = resourceTable(surveyResource);
const FORM_COLUMN = INPUTS.relationships.find((r) => r.name === 'form')!.column;
const INPUTS_COUNT = FORMS.computed.find((c) => c.name === 'inputsCount')!.column;
const ANSWERS_COUNT = SURVEYS.computed.find((c) => c.name === 'answersCount')!.column;
/** SurveyAnswered events per append when the surveys are seeded */
const ANSWER_BATCH = 1_000;
/** the captcha-protected submissions of the warm-up */
const CAPTCHA_WARM_UP = 64;

const JSON_API = 'application/vnd.api+json';
/** what a browser's call sends (the platform refuses a cross-site form post without it) */
const VISITOR_HEADERS = { 'content-type': JSON_API, 'x-requested-with': 'XMLHttpRequest' };

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

interface Form {
  id: string;
  token: string;
}
interface Survey {
  id: string;
  choices: string[];
}

/** What a visitor writes on the form: a new address each time (onlyOneInput). */
function inputBody(form: Form, email: string, captcha: CaptchaPayload | null = null): string {
  return JSON.stringify({
    data: {
      type: 'light-user-form-inputs',
      attributes: {
        token: form.token,
        ...(captcha ? { captcha } : {}),
        userFirstName: 'Ana',
        userLastName: 'Pop',
        userEmail: email,
        organizationName: 'Cluj rehabilitation centre',
        locale: 'en',
      },
    },
  });
}

const answerBody = (choice: string) =>
  JSON.stringify({
    data: {
      type: 'survey-answers',
      relationships: { choices: { data: [{ type: 'survey-choices', id: choice }] } },
    },
  });

/** A record made through the admin API: its id and the position to read it at. */
async function adminCreate(host: HostedPlatform, adminToken: string, path: string, body: unknown) {
  const answer = await fetch(`${host.platformUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': JSON_API },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${text.slice(0, 300)}`);
  const doc = JSON.parse(text) as { data: { id: string }; meta: { position: string } };
  return { id: doc.data.id, position: doc.meta.position };
}

/** A form the back office made, and its link's token read with the admin token. */
async function makeForm(
  host: HostedPlatform,
  adminToken: string,
  title: string,
  isCaptchaProtected: boolean,
): Promise<Form> {
  const made = await adminCreate(host, adminToken, 'light-user-forms', {
    data: { type: 'light-user-forms', attributes: { title, onlyOneInput: true, isCaptchaProtected } },
  });
  const read = await fetch(
    `${host.platformUrl}/api/v1/light-user-forms/${made.id}?minPosition=${made.position}`,
    { headers: { authorization: `Bearer ${adminToken}` } },
  );
  const text = await read.text();
  if (read.status !== 200) throw new Error(`the form ${made.id}: ${read.status} ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { data: { attributes: { token: string | null } } }).data.attributes
    .token;
  if (!token) throw new Error(`the form ${made.id} has no token`);
  return { id: made.id, token };
}

async function makeSurvey(host: HostedPlatform, adminToken: string, n: number): Promise<Survey> {
  const { id } = await adminCreate(host, adminToken, 'surveys', {
    data: { type: 'surveys', attributes: { question: `Bench survey ${n + 1}: which access method?` } },
  });
  const choices: string[] = [];
  for (const [position, text] of ['Joystick', 'Switch'].entries())
    choices.push(
      (
        await adminCreate(host, adminToken, 'survey-choices', {
          data: {
            type: 'survey-choices',
            attributes: { text, position },
            relationships: { survey: { data: { type: 'surveys', id } } },
          },
        })
      ).id,
    );
  return { id, choices };
}

/** A seeded input of `form`: the n-th address, its id drawn as a submission with onlyOneInput draws it. */
function seededInput(form: Form, n: number): SeedEvent {
  const email = `seed-${n}@example.org`;
  const id = deriveId(`${form.id}:${respondentOf(email)}`, lightUserFormInputResource.type);
  return {
    streamId: lightUserFormInputResource.streamId(id),
    type: lightUserFormInputResource.events.created,
    actorId: SYSTEM_USER_ID,
    recordedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    data: {
      id,
      attributes: lightUserFormInputResource.attributes.parse({
        userFirstName: 'Seed',
        userLastName: `Visitor ${n}`,
        userEmail: email,
        organizationName: 'Bench organization',
        locale: 'en',
      }),
      relationships: { form: form.id },
    },
  };
}

/** The survey's n-th seeded answer: a visitor's, as the route decides one (answer.ts). */
function seededAnswer(survey: Survey, n: number, at: string): SurveyAnsweredData {
  const digest = createHash('sha256').update(`${survey.id}:${n}`).digest('hex');
  return {
    surveyId: survey.id,
    answerId: deriveId(`bench-answer:${survey.id}`, n),
    choiceIds: [survey.choices[n % survey.choices.length]!],
    newChoice: null,
    respondent: `visitor:${digest.slice(0, 32)}`,
    organizationId: null,
    answeredAt: at,
  };
}

interface Counts {
  /** each form's inputs in the read model, and its kept inputsCount */
  inputs: Array<{ rows: number; kept: number }>;
  /** each survey's SurveyAnswered events, and its answersCount in the read model */
  answers: Array<{ events: number; kept: number }>;
}

async function countsOf(databaseUrl: string, forms: Form[], surveys: Survey[]): Promise<Counts> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const inputs = [];
    for (const form of forms) {
      const [row] = await sql.unsafe<Array<{ rows: number; kept: number }>>(
        `select (select count(*)::int from read.${INPUTS.table} where ${FORM_COLUMN} = $1) as rows,
                (select coalesce(${INPUTS_COUNT}, 0)::int from read.${FORMS.table} where id = $1) as kept`,
        [form.id],
      );
      inputs.push(row!);
    }
    const answers = [];
    for (const survey of surveys) {
      const [row] = await sql.unsafe<Array<{ events: number; kept: number }>>(
        `select (select count(*)::int from es_events where stream_id = $1 and event_type = $2) as events,
                (select coalesce(${ANSWERS_COUNT}, 0)::int from read.${SURVEYS.table} where id = $3) as kept`,
        [surveyResource.streamId(survey.id), SurveyAnswered.type, survey.id],
      );
      answers.push(row!);
    }
    return { inputs, answers };
  } finally {
    await sql.end();
  }
}

/** Each form grown to `size` inputs in bulk beside the read model (the platform stopped), then vacuumed. */
async function growInputs(
  databaseUrl: string,
  forms: Form[],
  have: Counts['inputs'],
  seeded: number[],
  size: number,
  log: (line: string) => void,
) {
  const db = createSql(databaseUrl, { max: 2 });
  try {
    for (const [i, form] of forms.entries()) {
      const add = size - have[i]!.rows;
      if (add <= 0) {
        // a quick run's first size may add more than its second holds
        log(`  form ${i + 1}: ${fmt(have[i]!.rows)} inputs already (the first size's slices), none seeded`);
        continue;
      }
      const from = seeded[i]!;
      const { seconds: bulk } = await bulkCreate(db, {
        catalogue: CATALOGUE,
        definition: lightUserFormInputResource,
        from,
        to: from + add,
        make: (n) => seededInput(form, n),
      });
      seeded[i] = from + add;
      log(`  form ${i + 1}: ${fmt(add)} inputs in bulk in ${bulk.toFixed(1)} s`);
    }
    await db`vacuum analyze`;
    await db`checkpoint`.catch(() => undefined);
  } finally {
    await db.end();
  }
}

/** Each survey grown to `size` answers through the event store, on its own stream. */
async function growAnswers(
  databaseUrl: string,
  surveys: Survey[],
  size: number,
  log: (line: string) => void,
) {
  const sql = createSql(databaseUrl, { max: 2 });
  const store = new PostgresEventStore({ sql, contracts: new EventContractRegistry([...allEventContracts]) });
  const started = performance.now();
  let appended = 0;
  try {
    for (const survey of surveys) {
      const streamId = surveyResource.streamId(survey.id);
      const [row] = await sql<Array<{ version: string; answers: number }>>`
        select max(stream_version)::text as version,
               (count(*) filter (where event_type = ${SurveyAnswered.type}))::int as answers
          from es_events where stream_id = ${streamId}`;
      let version = BigInt(row!.version);
      for (let n = row!.answers; n < size; n += ANSWER_BATCH) {
        const at = new Date().toISOString();
        const events: EventToAppend[] = [];
        for (let k = n; k < Math.min(size, n + ANSWER_BATCH); k++) {
          // a visitor's: no user
          const meta = {
            ...metadata(at),
            actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null },
          };
          events.push({
            eventId: meta.eventId,
            type: SurveyAnswered.type,
            data: seededAnswer(survey, k, at),
            metadata: meta,
          });
        }
        version = (await store.appendToStream(streamId, events, { expectedVersion: version }))
          .nextExpectedVersion;
        appended += events.length;
      }
    }
  } finally {
    await sql.end();
  }
  log(`  ${fmt(appended)} survey answers appended in ${seconds(started)} s`);
}

/** One autocannon run of POSTs, each request's body (and path) made by `next`; every response's latency kept. */
function post(options: {
  url: string;
  connections: number;
  /** how long, or how many requests (then the slice lasts what they take) */
  seconds?: number;
  amount?: number;
  next: () => { path: string; body: string };
}): Promise<Load> {
  const latencies: number[] = [];
  const started = performance.now();
  let last = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 1 }),
        method: 'POST',
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
          // autocannon notices that the amount is reached at its next one-second tick: the time to the last
          // answer instead
          seconds: options.amount !== undefined ? (last - started) / 1000 : result.duration,
          latencies,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      last = performance.now();
    });
  });
}

interface Side {
  name: string;
  /** the request's body in bytes */
  bytes: number;
  run(seconds: number): Promise<Load>;
}

/** A submission sent once and checked (201, an input), before anything is timed: the answer's size. */
async function sendOnce(url: string, body: string): Promise<number> {
  const answer = await fetch(url, { method: 'POST', headers: VISITOR_HEADERS, body });
  const text = await answer.text();
  if (answer.status !== 201) throw new Error(`POST ${url}: ${answer.status} ${text.slice(0, 300)}`);
  return Buffer.byteLength(text);
}

/** `count` challenges read from the form's page as a visitor and solved as a visitor's browser solves them. */
async function solvedCaptchas(host: HostedPlatform, form: Form, count: number): Promise<CaptchaPayload[]> {
  const solved: CaptchaPayload[] = [];
  const worker = async () => {
    while (solved.length < count) {
      const page = await fetch(
        `${host.platformUrl}/api/v1/services/forms/${form.id}?t=${encodeURIComponent(form.token)}`,
      );
      const text = await page.text();
      if (page.status !== 200) throw new Error(`the form's page: ${page.status} ${text.slice(0, 300)}`);
      const { captcha } = (
        JSON.parse(text) as { data: { attributes: { captcha: Parameters<typeof solveCaptcha>[0] | null } } }
      ).data.attributes;
      if (!captcha) throw new Error('the form asks no captcha');
      const payload = await solveCaptcha(captcha);
      if (!payload) throw new Error('a challenge was not solved');
      solved.push(payload);
    }
  };
  await Promise.all([worker(), worker()]);
  return solved.slice(0, count);
}

/** What a captcha's check and a visitor's solving cost in this process (altcha-lib, the platform's settings). */
async function captchaInProcess(log: (line: string) => void) {
  const keys = captchaKeys(randomBytes(32).toString('hex'));
  const now = new Date();
  const payloads: CaptchaPayload[] = [];
  let started = performance.now();
  for (let i = 0; i < 50; i++) payloads.push((await solveCaptcha(await createCaptcha(keys, 'bench', now)))!);
  const solving = (performance.now() - started) / payloads.length;
  const checks: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const payload of payloads) {
      started = performance.now();
      if ((await checkCaptcha(keys, payload, 'bench', now)) !== 'ok')
        throw new Error('a solved challenge failed');
      checks.push(performance.now() - started);
    }
  checks.sort((a, b) => a - b);
  log(
    `  captcha in this process: checkCaptcha p50 ${percentile(checks, 50).toFixed(2)} ms, p99 ` +
      `${percentile(checks, 99).toFixed(2)} ms (${checks.length} checks); solving a challenge ${solving.toFixed(1)} ms ` +
      `(a visitor's browser's work, not the server's)`,
  );
  return { checkP50: percentile(checks, 50), solving };
}

export interface ContactsFigure {
  /** 0: the small size, 1: the large one (counts.inputs and counts.answers) */
  step: number;
  /** the earlier records of this side's stream(s) at the start of the size, and at its end */
  earlier: { start: number; end: number } | null;
  write: string;
  bytes: number;
  load: Load;
}

const FORM = 'form input, no captcha';
const FORM_CAPTCHA = 'form input, captcha';
const SURVEY = 'survey answer (visitor)';
const BARE = 'bare Express POST, same body';

async function measureSize(options: {
  host: HostedPlatform;
  bareUrl: string;
  databaseUrl: string;
  forms: [Form, Form];
  surveys: Survey[];
  step: number;
  before: Counts;
  counts: ContactsBenchCounts;
  log: (line: string) => void;
}): Promise<ContactsFigure[]> {
  const { host, bareUrl, databaseUrl, forms, surveys, step, before, counts, log } = options;
  const [plain, guarded] = forms;
  const run = randomBytes(4).toString('hex');
  let sent = 0;
  const email = () => `visitor-${run}-${sent++}@example.org`;
  const inputPath = (form: Form) => `/api/v1/services/forms/${form.id}/inputs`;

  // each write sent once and checked before anything is timed
  const formBody = inputBody(plain, email());
  const answerBytes = await sendOnce(`${host.platformUrl}${inputPath(plain)}`, formBody);
  const warmUp = CAPTCHA_WARM_UP + 2 * counts.connections;
  const perSlice = Math.floor(counts.captchas / counts.slices);
  let started = performance.now();
  // each run builds a request per connection ahead: a challenge each, left unused
  const pool = await solvedCaptchas(
    host,
    guarded,
    1 + warmUp + counts.slices * (perSlice + 2 * counts.connections),
  );
  log(
    `  ${fmt(pool.length)} captcha challenges read from the form's page and solved in ${seconds(started)} s`,
  );
  await sendOnce(`${host.platformUrl}${inputPath(guarded)}`, inputBody(guarded, email(), pool.shift()!));
  const captchaBytes = Buffer.byteLength(inputBody(guarded, email(), pool[0]!));
  // a submission with the next challenge; none left, it is sent without one and refused (counted as failed)
  const guardedInput = () => ({
    path: inputPath(guarded),
    body: inputBody(guarded, email(), pool.shift() ?? null),
  });
  let turn = 0;
  const answerPath = () => {
    const survey = surveys[turn++ % surveys.length]!;
    return {
      path: `/api/v1/services/surveys/${survey.id}/answers`,
      body: answerBody(survey.choices[turn % 2]!),
    };
  };
  const firstAnswer = answerPath();
  await sendOnce(`${host.platformUrl}${firstAnswer.path}`, firstAnswer.body);

  const sides: Side[] = [
    {
      name: FORM,
      bytes: Buffer.byteLength(formBody),
      run: (secs) =>
        post({
          url: host.platformUrl,
          connections: counts.connections,
          seconds: secs,
          next: () => ({ path: inputPath(plain), body: inputBody(plain, email()) }),
        }),
    },
    {
      name: FORM_CAPTCHA,
      bytes: captchaBytes,
      run: () =>
        post({
          url: host.platformUrl,
          connections: counts.connections,
          amount: perSlice,
          next: guardedInput,
        }),
    },
    {
      name: SURVEY,
      bytes: Buffer.byteLength(firstAnswer.body),
      run: (secs) =>
        post({
          url: host.platformUrl,
          connections: counts.surveyConnections,
          seconds: secs,
          next: answerPath,
        }),
    },
    {
      name: BARE,
      bytes: Buffer.byteLength(formBody),
      run: (secs) =>
        post({
          url: bareUrl,
          connections: counts.connections,
          seconds: secs,
          next: () => ({ path: `/answer/${answerBytes}`, body: inputBody(plain, email()) }),
        }),
    },
  ];
  // warm-up, not counted: a second of each (the captcha side a fixed number)
  started = performance.now();
  for (const side of sides)
    if (side.name === FORM_CAPTCHA)
      await post({
        url: host.platformUrl,
        connections: counts.connections,
        amount: CAPTCHA_WARM_UP,
        next: guardedInput,
      });
    else await side.run(1);
  const loads = await rotate(sides, counts.slices, counts.secondsPerSlice);
  log(`  measured in ${seconds(started)} s (load average ${loadAverage()}); settling the projections`);
  await settle(databaseUrl);
  const after = await countsOf(databaseUrl, forms, surveys);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const earlier: Array<ContactsFigure['earlier']> = [
    { start: before.inputs[0]!.rows, end: after.inputs[0]!.rows },
    { start: before.inputs[1]!.rows, end: after.inputs[1]!.rows },
    // the surveys' mean
    {
      start: Math.round(sum(before.answers.map((a) => a.events)) / surveys.length),
      end: Math.round(sum(after.answers.map((a) => a.events)) / surveys.length),
    },
    null,
  ];
  const figures = sides.map((side, i) => ({
    step,
    earlier: earlier[i]!,
    write: side.name,
    bytes: side.bytes,
    load: loads[i]!,
  }));
  for (const f of figures)
    log(
      `  ${f.write.padEnd(30)}${f.earlier ? ` (${fmt(f.earlier.start)} -> ${fmt(f.earlier.end)} earlier)` : ''}: ` +
        `${fmt(rateOf(f.load))} req/s, p50 ${ms(p50(f.load))} ms, p99 ${ms(p99(f.load))} ms, ${fmt(f.load.requests)} ` +
        `requests${f.load.failures ? `, ${f.load.failures} FAILED` : ''}`,
    );
  return figures;
}

/**
 * Checks the read model holds what the seed put there (every projection settled): each form's inputs and each
 * survey's answers at the size, or at what they had already when that was more.
 */
function checkCounts(counts: Counts, had: Counts, inputs: number, answers: number) {
  for (const [i, c] of counts.inputs.entries()) {
    const expected = Math.max(inputs, had.inputs[i]!.rows);
    if (c.rows !== expected || c.kept !== expected)
      throw new Error(`form ${i + 1}: ${c.rows} inputs (inputsCount ${c.kept}), ${expected} expected`);
  }
  for (const [i, c] of counts.answers.entries()) {
    const expected = Math.max(answers, had.answers[i]!.events);
    if (c.events !== expected || c.kept !== expected)
      throw new Error(`survey ${i + 1}: ${c.events} answers (answersCount ${c.kept}), ${expected} expected`);
  }
}

export async function contactsBench(options: {
  cluster: BenchCluster;
  counts: ContactsBenchCounts;
  log: (line: string) => void;
}): Promise<ContactsFigure[]> {
  const { cluster, counts, log } = options;
  const databaseUrl = await cluster.createDatabase('contacts');
  const adminToken = randomBytes(24).toString('base64url');
  log(
    `contacts: autocannon, rotating slices (${counts.slices} of ${counts.secondsPerSlice} s a side); form inputs at ` +
      `${counts.connections} connections (the captcha's ${fmt(Math.floor(counts.captchas / counts.slices))} a slice), ` +
      `survey answers ${counts.surveyConnections} at a time over ${counts.surveys} surveys; ` +
      `${fmt(counts.inputs[0])} then ${fmt(counts.inputs[1])} earlier inputs a form, ` +
      `${fmt(counts.answers[0])} then ${fmt(counts.answers[1])} earlier answers a survey`,
  );
  await captchaInProcess(log);
  const bare = await hostBare();
  const figures: ContactsFigure[] = [];
  let host = await hostPlatform({ databaseUrl, adminToken });
  try {
    let started = performance.now();
    const forms: [Form, Form] = [
      await makeForm(host, adminToken, 'Bench form', false),
      await makeForm(host, adminToken, 'Bench form with a captcha', true),
    ];
    const surveys: Survey[] = [];
    for (let n = 0; n < counts.surveys; n++) surveys.push(await makeSurvey(host, adminToken, n));
    log(
      `  2 forms and ${counts.surveys} surveys with 2 choices each made through the admin API in ${seconds(started)} s`,
    );
    const seeded = forms.map(() => 0);
    for (const [step, size] of counts.inputs.entries()) {
      const answers = counts.answers[step]!;
      started = performance.now();
      await settle(databaseUrl);
      const have = await countsOf(databaseUrl, forms, surveys);
      await host.stop();
      await growInputs(databaseUrl, forms, have.inputs, seeded, size, log);
      host = await hostPlatform({ databaseUrl, adminToken });
      await growAnswers(databaseUrl, surveys, answers, log);
      await settle(databaseUrl);
      const before = await countsOf(databaseUrl, forms, surveys);
      checkCounts(before, have, size, answers);
      log(
        `  ${fmt(size)} inputs a form and ${fmt(answers)} answers a survey seeded, projected and checked in ` +
          `${seconds(started)} s (load average ${loadAverage()})`,
      );
      figures.push(
        ...(await measureSize({
          host,
          bareUrl: bare.bareUrl,
          databaseUrl,
          forms,
          surveys,
          step,
          before,
          counts,
          log,
        })),
      );
    }
  } finally {
    await host.stop();
    await bare.stop();
  }
  log('');
  log(formatContactsReport(figures, counts));
  return figures;
}

export const CONTACTS_TARGET = {
  /** a form's submission at the large size at ≥ 0.9× the small one, normalised by bare Express */
  flat: 0.9,
};

/** The table of writes per size, the growth between the sizes, and the form submission's target. */
export function formatContactsReport(
  figures: readonly ContactsFigure[],
  counts: Pick<ContactsBenchCounts, 'inputs' | 'answers'>,
): string {
  const sizeOf = (f: ContactsFigure) =>
    f.write === SURVEY
      ? `${fmt(counts.answers[f.step]!)} answers`
      : f.write === BARE
        ? ''
        : `${fmt(counts.inputs[f.step]!)} inputs`;
  const at = (step: number, write: string) => figures.find((f) => f.step === step && f.write === write);
  const lines = [
    '| write | earlier (seeded) | earlier, start -> end | body bytes | req/s | p50 ms | p99 ms | vs bare Express |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    // the survey's answers, one at a time, are not compared with bare Express at 16 connections
    const bare = f.write === SURVEY ? undefined : at(f.step, BARE);
    lines.push(
      `| ${f.write} | ${sizeOf(f)} | ${f.earlier ? `${fmt(f.earlier.start)} -> ${fmt(f.earlier.end)}` : ''} | ` +
        `${fmt(f.bytes)} | ${fmt(rateOf(f.load))} | ${ms(p50(f.load))} | ${ms(p99(f.load))} | ` +
        `${bare && bare !== f ? `${fmt(rateOf(f.load) / rateOf(bare.load), 3)}x` : ''} |` +
        `${f.load.failures ? ` ${f.load.failures} failed` : ''}`,
    );
  }
  const small = at(0, BARE);
  const large = at(1, BARE);
  if (!small || !large) return lines.join('\n');
  lines.push(
    '',
    '| write | sizes | large / small (req/s) | normalised by bare Express | p50, large / small | p99, large / small |',
    '|---|---|---|---|---|---|',
  );
  const bareGrowth = rateOf(large.load) / rateOf(small.load);
  const normalised = new Map<string, number>();
  for (const f of figures.filter((x) => x.step === 0)) {
    const l = at(1, f.write)!;
    const growth = rateOf(l.load) / rateOf(f.load);
    normalised.set(f.write, growth / bareGrowth);
    lines.push(
      `| ${f.write} | ${f.write === BARE ? '' : `${sizeOf(f)} -> ${sizeOf(l)}`} | ${fmt(growth, 2)}x | ` +
        `${f.write === BARE ? '' : `${fmt(growth / bareGrowth, 2)}x`} | ${fmt(p50(l.load) / p50(f.load), 2)}x | ` +
        `${fmt(p99(l.load) / p99(f.load), 2)}x |`,
    );
  }
  lines.push('', "Targets (ADR 0060: a submission is decided on its input's own stream):");
  for (const write of [FORM, FORM_CAPTCHA]) {
    const value = normalised.get(write) ?? Number.NaN;
    lines.push(
      `  ${value >= CONTACTS_TARGET.flat ? 'PASS' : 'MISS'}  ${write}: ${fmt(counts.inputs[1])} inputs >= ` +
        `${CONTACTS_TARGET.flat}x ${fmt(counts.inputs[0])} (req/s, normalised by bare Express): ${fmt(value, 2)}x`,
    );
  }
  const survey = at(0, SURVEY);
  const surveyLarge = at(1, SURVEY);
  if (survey && surveyLarge)
    lines.push(
      `  (no target)  ${SURVEY}: grows with the survey's answers (each answer folds its stream): ` +
        `${fmt(normalised.get(SURVEY) ?? Number.NaN, 2)}x normalised; p50 ${ms(p50(survey.load))} -> ` +
        `${ms(p50(surveyLarge.load))} ms`,
    );
  return lines.join('\n');
}
