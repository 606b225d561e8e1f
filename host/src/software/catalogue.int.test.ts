import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  FUTURE,
  one,
  PAST,
  person,
  pointers,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * The software catalogue (seed 001 §3, ADR 0061) as the software, a member and the back office use it: an
 * installation reports declared events (made on its first report, once whatever the concurrency; its sessions
 * kept only when counted), the back office grants a service to a person's address, and the member associates
 * installations of theirs with it, never more than the service takes, even when they race.
 */

let app: AccountsTestApp;
let member: Person;
let other: Person;
let appAdmin: Person;
const tag = randomBytes(4).toString('hex');
let memberEmail: string;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};
const installationId = (name: string) => `${name}-${tag}-${randomBytes(4).toString('hex')}`;

const report = (attributes: Record<string, unknown>) =>
  app.browser().call('POST', '/api/v1/services/software/stats', {
    body: doc('software-stats', { deviceId: 'device-1', version: '2.4.1', ...attributes }),
  });

/** An event the back office declares, named for this test file. */
async function declared(name: string) {
  const full = `${name}.${tag}`;
  created(await app.admin('POST', '/stats-events', doc('stats-events', { name: full })));
  return full;
}

async function service(name: string, associationsMax: number) {
  return created(
    await app.admin(
      'POST',
      '/software-services',
      doc('software-services', { name: `${name} ${tag}`, associationsMax }),
    ),
  ).id;
}

async function authorization(serviceId: string, email: string, attributes: Record<string, unknown> = {}) {
  return created(
    await app.admin(
      'POST',
      '/software-service-authorizations',
      doc(
        'software-service-authorizations',
        { email, distId: `order-${tag}`, ...attributes },
        {
          service: one('software-services', serviceId),
        },
      ),
    ),
  ).id;
}

/** An installation its software made by reporting once. */
async function installed(event: string, name = 'tablet') {
  const id = installationId(name);
  const answer = await report({ installationId: id, event, system: 'Android 14' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return {
    installationId: id,
    record: answer.body.meta.installation as string,
    position: answer.body.meta.position as string,
  };
}

const associate = (by: Person, authorizationId: string, installation: string, name: string | null = null) =>
  by.browser.call('POST', '/api/v1/services/software/associations', {
    body: doc(
      'software-service-associations',
      { installationId: installation, name },
      {
        authorization: one('software-service-authorizations', authorizationId),
      },
    ),
  });

const mine = (by: Person, minPosition?: string) =>
  by.browser.call(
    'GET',
    `/api/v1/services/software/associations${minPosition ? `?minPosition=${minPosition}` : ''}`,
  );

beforeAll(async () => {
  app = await startAccountsApp();
  memberEmail = `software-member-${tag}@example.org`;
  member = await person(app, memberEmail);
  other = await person(app, `software-other-${tag}@example.org`);
  appAdmin = await person(app, `software-app-admin-${tag}@example.org`, { roles: ['app_admin'] });
});
afterAll(async () => {
  await app?.close();
});

describe('the software reports', () => {
  it('makes the installation on its first report, once even when six first reports race, and keeps each event', async () => {
    const launch = await declared('launch');
    const id = installationId('racing');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        report({ installationId: id, event: launch, version: `2.4.${i}`, system: 'Windows 11' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const records = new Set(answers.map((a) => a.body.meta.installation));
    expect(records.size).toBe(1);
    const [record] = [...records] as [string];
    const last = answers.map((a) => BigInt(a.body.meta.position)).reduce((a, b) => (a > b ? a : b));
    const read = await app.admin('GET', `/software-installations/${record}?minPosition=${last}`);
    expect(read.body.data.attributes).toMatchObject({
      installationId: id,
      deviceId: 'device-1',
      system: 'Windows 11',
      enableSessionsStats: false,
      statsCount: 6,
    });
    const stats = await app.admin(
      'GET',
      `/software-stats?filter[installation]=${record}&page[size]=50&minPosition=${last}`,
    );
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(
      stats.body.data.map((s: { attributes: { version: string } }) => s.attributes.version).sort(),
    ).toEqual(['2.4.0', '2.4.1', '2.4.2', '2.4.3', '2.4.4', '2.4.5']);
  });

  it('keeps the system the installation last reported, and its ids as they came', async () => {
    const launch = await declared('start');
    const { installationId: id, record } = await installed(launch);
    const moved = await report({
      installationId: id,
      event: launch,
      system: 'Android 15',
      deviceId: 'device-2',
    });
    expect(moved.status).toBe(201);
    const read = await app.admin(
      'GET',
      `/software-installations/${record}?minPosition=${moved.body.meta.position}`,
    );
    expect(read.body.data.attributes).toMatchObject({ system: 'Android 15', deviceId: 'device-1' });
    // the back office names it, but cannot change the ids the software gave it
    const renamed = await app.admin(
      'PATCH',
      `/software-installations/${record}`,
      doc(
        'software-installations',
        { name: 'Classroom tablet', installationId: 'changed-0000' },
        undefined,
        record,
      ),
    );
    expect(renamed.status).toBe(422);
    expect(pointers(renamed)).toEqual(['/data/attributes/installationId']);
  });

  it('keeps a session only for an installation whose sessions are counted', async () => {
    const session = `session`;
    // the session event is declared once for the platform: by this file, unless another run already has
    await app.admin('POST', '/stats-events', doc('stats-events', { name: session }));
    const launch = await declared('open');
    const { installationId: id, record } = await installed(launch);
    const dropped = await report({ installationId: id, event: session });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect(dropped.body).toMatchObject({ data: null, meta: { installation: record, kept: false } });
    const counted = await app.admin(
      'PATCH',
      `/software-installations/${record}`,
      doc('software-installations', { enableSessionsStats: true }, undefined, record),
    );
    expect(counted.status).toBe(200);
    const kept = await report({ installationId: id, event: session });
    expect(kept.status).toBe(201);
    expect(kept.body.meta.kept).toBe(true);
  });

  it('answers an installation put aside without keeping anything', async () => {
    const launch = await declared('aside');
    const { installationId: id, record } = await installed(launch);
    expect((await app.admin('POST', `/software-installations/${record}/soft-delete`)).status).toBe(200);
    const answer = await report({ installationId: id, event: launch });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: null, meta: { installation: record, kept: false } });
  });

  it('refuses what the software cannot mean, each on its pointer', async () => {
    const launch = await declared('bad');
    const undeclared = await report({ installationId: installationId('x'), event: `nothing.${tag}` });
    expect(undeclared.status).toBe(422);
    expect(pointers(undeclared)).toEqual(['/data/attributes/event']);
    const badId = await report({ installationId: 'short', event: launch });
    expect(badId.status).toBe(422);
    expect(pointers(badId)).toEqual(['/data/attributes/installationId']);
    const future = await report({ installationId: installationId('x'), event: launch, recordedAt: FUTURE });
    expect(future.status).toBe(422);
    expect(pointers(future)).toEqual(['/data/attributes/recordedAt']);
    const noVersion = await report({ installationId: installationId('x'), event: launch, version: '' });
    expect(noVersion.status).toBe(422);
    expect(pointers(noVersion)).toEqual(['/data/attributes/version']);
    // a report dated in the past is kept at its date
    const past = await report({ installationId: installationId('x'), event: launch, recordedAt: PAST });
    expect(past.status).toBe(201);
  });

  it('keeps the records the software makes out of anyone else’s hands', async () => {
    const launch = await declared('hands');
    const { record, position } = await installed(launch);
    // nobody makes a stat through the API, and a member reads no installation
    expect((await app.admin('POST', '/software-stats', doc('software-stats', { version: '1' }))).status).toBe(
      403,
    );
    expect((await member.browser.call('GET', `/api/v1/software-installations/${record}`)).status).toBe(403);
    expect((await app.browser().call('GET', '/api/v1/software-stats')).status).toBe(401);
    // an application administrator keeps the catalogue, not the statistics
    expect(
      (await appAdmin.browser.call('GET', `/api/v1/software-installations/${record}?minPosition=${position}`))
        .status,
    ).toBe(200);
    expect((await appAdmin.browser.call('GET', '/api/v1/software-stats')).status).toBe(403);
  });
});

describe('a member associates installations with a service granted to them', () => {
  it('associates, lists, and is told what the installation was given', async () => {
    const launch = await declared('assoc');
    const voice = await service('Voice', 2);
    const granted = await authorization(voice, memberEmail);
    const { installationId: id, record } = await installed(launch);
    const made = created(await associate(member, granted, id, 'Kitchen tablet'));
    const list = await mine(member, made.position);
    expect(list.status).toBe(200);
    const entry = list.body.data.find((a: { id: string }) => a.id === granted);
    expect(entry.attributes).toMatchObject({
      service: `Voice ${tag}`,
      state: 'inForce',
      associationsMax: 2,
      distId: `order-${tag}`,
    });
    expect(entry.attributes.associations).toMatchObject([
      { id: made.id, name: 'Kitchen tablet', installationId: id, system: 'Android 14' },
    ]);
    const given = await app
      .browser()
      .call('GET', `/api/v1/services/software/installations/${id}/services?minPosition=${made.position}`);
    expect(given.body.data).toEqual([
      {
        type: 'software-services',
        id: voice,
        attributes: { name: `Voice ${tag}`, deliverFile: false, expiresAt: null, association: made.id },
      },
    ]);
    // an installation given nothing, and an id nobody has, are both an empty list
    const unknown = await app
      .browser()
      .call('GET', `/api/v1/services/software/installations/${installationId('none')}/services`);
    expect(unknown.body.data).toEqual([]);
    // the association is the member's: they read it; to another member it does not exist (the layer's ownedBy)
    expect(
      (await member.browser.call('GET', `/api/v1/software-service-associations/${made.id}`)).status,
    ).toBe(200);
    expect((await other.browser.call('GET', `/api/v1/software-service-associations/${made.id}`)).status).toBe(
      404,
    );
    expect(record).toBeTruthy();
  });

  it('never gives more places than the service takes, when five installations race for two', async () => {
    const launch = await declared('race');
    const granted = await authorization(await service('Licence', 2), memberEmail);
    const devices = await Promise.all(Array.from({ length: 5 }, (_, i) => installed(launch, `device${i}`)));
    const answers = await Promise.all(devices.map((d) => associate(member, granted, d.installationId)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors[0].code).toBe('conflict.associations_full');
    const last = answers
      .filter((a) => a.status === 201)
      .map((a) => BigInt(a.body.meta.position))
      .reduce((a, b) => (a > b ? a : b));
    const entry = (await mine(member, String(last))).body.data.find((a: { id: string }) => a.id === granted);
    expect(entry.attributes.associations).toHaveLength(2);
  });

  it('frees a place when an association is removed, and takes one installation once', async () => {
    const launch = await declared('free');
    const granted = await authorization(await service('Single', 1), memberEmail);
    const first = await installed(launch, 'first');
    const second = await installed(launch, 'second');
    const made = created(await associate(member, granted, first.installationId));
    const twice = await associate(member, granted, first.installationId);
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('conflict.already_associated');
    const full = await associate(member, granted, second.installationId);
    expect(full.status).toBe(409);
    expect(full.body.errors[0].code).toBe('conflict.associations_full');
    const removed = await member.browser.call('DELETE', `/api/v1/software-service-associations/${made.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    // the place is free at once, and so is the first installation's pair: it may come back
    const moved = created(await associate(member, granted, second.installationId));
    const back = await associate(member, granted, first.installationId);
    expect(back.body.errors[0].code).toBe('conflict.associations_full');
    expect(
      (await member.browser.call('DELETE', `/api/v1/software-service-associations/${moved.id}`)).status,
    ).toBeLessThan(300);
    const again = created(await associate(member, granted, first.installationId));
    // read once the projection has the last answer's events: the removed association is gone from it
    const read = await app.admin(
      'GET',
      `/software-service-associations/${made.id}?minPosition=${again.position}`,
    );
    expect(read.status).toBe(404);
  });

  it('refuses what is not the member’s, not in force, or not an installation, in the right words', async () => {
    const launch = await declared('refuse');
    const { installationId: id } = await installed(launch);
    const theirs = await authorization(await service('Theirs', 3), `someone-${tag}@example.org`);
    expect((await associate(member, theirs, id)).status).toBe(404);
    expect((await associate(member, 'not-an-id', id)).status).toBe(404);
    const ended = await authorization(await service('Ended', 3), memberEmail, {
      startsAt: PAST,
      expiresAt: '2001-01-01T00:00:00.000Z',
    });
    const late = await associate(member, ended, id);
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('conflict.authorization_not_in_force');
    const soon = await authorization(await service('Soon', 3), memberEmail, { startsAt: FUTURE });
    expect((await associate(member, soon, id)).body.errors[0].code).toBe(
      'conflict.authorization_not_in_force',
    );
    const open = await authorization(await service('Open', 3), memberEmail);
    const unknown = await associate(member, open, installationId('nobody'));
    expect(unknown.status).toBe(422);
    expect(pointers(unknown)).toEqual(['/data/attributes/installationId']);
    const malformed = await associate(member, open, 'x');
    expect(malformed.status).toBe(422);
    expect(pointers(malformed)).toEqual(['/data/attributes/installationId']);
    // a visitor is asked to sign in; nobody associates through the generic create
    expect((await associate({ browser: app.browser() } as Person, open, id)).status).toBe(401);
    expect(
      (
        await app.admin(
          'POST',
          '/software-service-associations',
          doc('software-service-associations', { name: 'x' }),
        )
      ).status,
    ).toBe(403);
    // the authorization's dates make sense
    const backwards = await app.admin(
      'POST',
      '/software-service-authorizations',
      doc(
        'software-service-authorizations',
        { email: memberEmail, startsAt: '2030-01-01T00:00:00.000Z', expiresAt: '2029-01-01T00:00:00.000Z' },
        { service: one('software-services', await service('Dates', 1)) },
      ),
    );
    expect(backwards.status).toBe(422);
    expect(pointers(backwards)).toEqual(['/data/attributes/expiresAt']);
    // a member whose account has no authorization lists none
    expect((await mine(other)).body.data).toEqual([]);
    expect((await app.browser().call('GET', '/api/v1/services/software/associations')).status).toBe(401);
  });
});
