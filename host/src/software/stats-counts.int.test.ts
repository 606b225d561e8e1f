import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, parameters, person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The software statistics of the back office (GET /services/software/stats/counts, seed 000 §2.4
 * admin.resources.software.stats.events and …sessions): what installations reported through the software's own
 * call, counted per UTC day and event over a period, with the installations, versions and systems; the sessions
 * alone with `filter[event]=session`. Administrators only. The file's events, installations and period are its own.
 */

let app: AccountsTestApp;
let member: Person;
let appAdmin: Person;
let administrator: Person;
const tag = randomBytes(4).toString('hex');
const SESSION = 'session';
/** the events this file declares */
const LAUNCH = `launch.${tag}`;
const UPDATE = `update.${tag}`;
/** the period the file reads: two UTC days, a leap day among them */
const FROM = '2024-02-28';
const TO = '2024-02-29';
/** the position every read waits for: the latest of the file's writes */
let latest = 0n;

const seen = (answer: Answer) => {
  const position = BigInt(answer.body.meta.position as string);
  if (position > latest) latest = position;
  return answer;
};

const installationId = (name: string) => `${name}-${tag}-${randomBytes(4).toString('hex')}`;

/** What the software reports (anonymous): the stat's id when kept, and the installation's record id. */
async function report(
  installation: string,
  event: string,
  recordedAt: string,
  attributes: Record<string, unknown> = {},
): Promise<{ status: number; stat: string | null; installation: string }> {
  const answer = await app.browser().call('POST', '/api/v1/services/software/stats', {
    body: doc('software-stats', {
      installationId: installation,
      deviceId: `device-${installation}`,
      event,
      version: '2.4.1',
      recordedAt,
      ...attributes,
    }),
  });
  expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
  seen(answer);
  return {
    status: answer.status,
    stat: (answer.body.data?.id as string | undefined) ?? null,
    installation: answer.body.meta.installation as string,
  };
}

const countsPath = (query: string) =>
  `/api/v1/services/software/stats/counts?${query}${query ? '&' : ''}minPosition=${latest}`;

/** The counts as the back office reads them (the bootstrap API token is an administrator's). */
const counts = (query: string) => app.admin('GET', countsPath(query).slice('/api/v1'.length));

beforeAll(async () => {
  app = await startAccountsApp();
  [member, appAdmin, administrator] = await Promise.all([
    person(app, `software-stats-member-${tag}@example.org`, { accessLevel: 'member_level_2' }),
    person(app, `software-stats-app-admin-${tag}@example.org`, { roles: ['app_admin'] }),
    person(app, `software-stats-admin-${tag}@example.org`, { roles: ['admin'] }),
  ]);

  for (const name of [LAUNCH, UPDATE]) {
    const made = await app.admin('POST', '/stats-events', doc('stats-events', { name }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    seen(made);
  }
  // the session event is one name for the platform: declared here unless it already is
  const session = await app.admin('POST', '/stats-events', doc('stats-events', { name: SESSION }));
  expect([201, 409, 422]).toContain(session.status);
  if (session.status === 201) seen(session);

  const a = installationId('desktop');
  const b = installationId('phone');
  const c = installationId('kiosk');
  const s = installationId('laptop');
  const aside = installationId('aside');
  const windows = { system: 'Windows 11' };
  const android = { system: 'Android 14', version: '2.5.0' };
  // the period's first instant and last, and a day's edge written with an offset
  await report(a, LAUNCH, '2024-02-28T00:00:00.000Z', windows);
  await report(a, LAUNCH, '2024-02-28T13:00:00+02:00', windows);
  await report(c, LAUNCH, '2024-02-28T05:00:00.000Z');
  await report(b, LAUNCH, '2024-02-29T23:59:59.999Z', android);
  await report(b, UPDATE, '2024-02-29T10:00:00.000Z', { ...android, fromVersion: '2.4.1' });
  // 23:30 on the 29th in UTC
  await report(a, LAUNCH, '2024-03-01T00:30:00+01:00', windows);
  // just outside the period, on either side
  await report(a, LAUNCH, '2024-02-27T23:59:59.999Z', windows);
  await report(b, LAUNCH, '2024-03-01T00:00:00.000Z', android);
  // a session of an installation whose sessions are not counted: answered, not kept
  const dropped = await report(a, SESSION, '2024-02-28T09:00:00.000Z', windows);
  expect(dropped.stat).toBeNull();

  // an installation whose sessions are counted: its first report makes it, then the back office turns them on
  const first = await report(s, SESSION, '2024-02-28T08:00:00.000Z', {
    system: 'macOS 14',
    version: '2.5.0',
  });
  expect(first.stat).toBeNull();
  const counted = await app.admin(
    'PATCH',
    `/software-installations/${first.installation}`,
    doc('software-installations', { enableSessionsStats: true }, undefined, first.installation),
  );
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
  seen(counted);
  // its record reaches the read model the report reads before the next report
  expect(
    (await app.admin('GET', `/software-installations/${first.installation}?minPosition=${latest}`)).status,
  ).toBe(200);
  const mac = { system: 'macOS 14', version: '2.5.0' };
  for (const at of [
    '2024-02-28T08:00:00.000Z',
    '2024-02-28T18:00:00.000Z',
    '2024-02-29T08:00:00.000Z',
    '2024-02-29T18:00:00.000Z',
  ]) {
    const kept = await report(s, SESSION, at, mac);
    expect(kept.stat).not.toBeNull();
  }

  // what is deleted is left out: a stat deleted, and the stats of an installation put aside
  const gone = await report(a, LAUNCH, '2024-02-29T12:00:00.000Z', windows);
  const deleted = await app.admin('DELETE', `/software-stats/${gone.stat}`);
  expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
  if (deleted.body?.meta?.position) seen(deleted);
  const put = await report(aside, LAUNCH, '2024-02-28T12:00:00.000Z', { system: 'Linux', version: '9.9.9' });
  const softDeleted = await app.admin('POST', `/software-installations/${put.installation}/soft-delete`);
  expect(softDeleted.status, JSON.stringify(softDeleted.body)).toBe(200);
  seen(softDeleted);
});

afterAll(async () => {
  await app?.close();
});

describe('the software statistics of a period', () => {
  it('counts every event per UTC day, the installations that reported, their versions and systems', async () => {
    const answer = await counts(`from=${FROM}&to=${TO}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.meta).toMatchObject({ position: String(latest) });
    expect(answer.body.meta.stale).toBeUndefined();
    expect(answer.body.data).toMatchObject({ type: 'software-stats-counts', id: `${FROM}..${TO}` });
    expect(answer.body.data.attributes).toEqual({
      from: FROM,
      to: TO,
      event: null,
      days: [FROM, TO],
      series: [
        { event: LAUNCH, counts: [3, 2] },
        { event: SESSION, counts: [2, 2] },
        { event: UPDATE, counts: [0, 1] },
      ].sort((x, y) => (x.event < y.event ? -1 : 1)),
      total: 10,
      // a, b, c and the laptop: not the installation put aside
      installations: 4,
      versions: [
        { version: '2.5.0', count: 6 },
        { version: '2.4.1', count: 4 },
      ],
      systems: [
        { system: 'macOS 14', count: 4 },
        { system: 'Windows 11', count: 3 },
        { system: 'Android 14', count: 2 },
        { system: null, count: 1 },
      ],
    });
  });

  it('counts the sessions alone with filter[event]=session', async () => {
    const answer = await counts(`from=${FROM}&to=${TO}&filter[event]=${SESSION}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.id).toBe(`${FROM}..${TO}:${SESSION}`);
    expect(answer.body.data.attributes).toEqual({
      from: FROM,
      to: TO,
      event: SESSION,
      days: [FROM, TO],
      series: [{ event: SESSION, counts: [2, 2] }],
      total: 4,
      installations: 1,
      versions: [{ version: '2.5.0', count: 4 }],
      systems: [{ system: 'macOS 14', count: 4 }],
    });
  });

  it('answers a period without events with zeros, a filtered event included', async () => {
    const answer = await counts(`from=2024-01-01&to=2024-01-03&filter[event]=${SESSION}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toEqual({
      from: '2024-01-01',
      to: '2024-01-03',
      event: SESSION,
      days: ['2024-01-01', '2024-01-02', '2024-01-03'],
      series: [{ event: SESSION, counts: [0, 0, 0] }],
      total: 0,
      installations: 0,
      versions: [],
      systems: [],
    });
    const none = await counts('from=2024-01-01&to=2024-01-01');
    expect(none.body.data.attributes).toMatchObject({ series: [], total: 0, days: ['2024-01-01'] });
  });

  it('refuses a period that does not fit, naming the parameter', async () => {
    const cases: Array<[string, string[]]> = [
      ['from=2024-02-30&to=2024-03-01', ['from']],
      ['from=2024-03-01&to=2024-02-28', ['to']],
      ['from=2023-01-01&to=2024-02-28', ['to']],
      ['to=2024-02-28', ['from']],
      ['', ['from', 'to']],
      [`from=${FROM}&to=${TO}&filter[event]=Not an event!`, ['filter[event]']],
      [`from=${FROM}&to=${TO}&filter[version]=2.4.1`, ['filter[version]']],
    ];
    for (const [query, named] of cases) {
      const answer = await counts(query);
      expect(answer.status, query).toBe(422);
      expect(parameters(answer), query).toEqual(named);
    }
  });

  it('is read by administrators alone', async () => {
    const path = countsPath(`from=${FROM}&to=${TO}`);
    expect((await app.browser().call('GET', path)).status).toBe(401);
    expect((await member.browser.call('GET', path)).status).toBe(403);
    // the back office's application administrators do not pass the admin check either
    expect((await appAdmin.browser.call('GET', path)).status).toBe(403);
    const answer = await administrator.browser.call('GET', path);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.total).toBe(10);
  });
});
