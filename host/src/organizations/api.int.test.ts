import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const organization = async (name: string, accessLevel: string | null, slug?: string) => {
  const answer = await app.admin('POST', '/organizations', {
    data: {
      type: 'organizations',
      attributes: { name, ...(slug ? { slug } : {}) },
      relationships: {
        accessLevel: { data: accessLevel ? { type: 'access-levels', id: accessLevel } : null },
      },
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};
const join = (organizationId: string, userId: string) =>
  app.admin('POST', `/organizations/${organizationId}/relationships/users`, {
    data: [{ type: 'users', id: userId }],
  });
const me = (browser: Browser, position: string, include = '') =>
  browser.call('GET', `/api/v1/users/me?minPosition=${position}${include ? `&include=${include}` : ''}`);

describe('organizations', () => {
  it('creates organizations with unique slugs, found by slug or id, members visible to members', async () => {
    const id = await organization('Fab Lab Été', 'member_level_2');
    const duplicate = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: 'Other', slug: 'fab-lab-ete' } },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'conflict.duplicate_slug',
      source: { pointer: '/data/attributes/slug' },
    });
    const { id: member } = await createUser(app, { email: 'member@example.org' });
    const joined = await join(id, member);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const bySlug = await app
      .browser()
      .call(
        'GET',
        `/api/v1/organizations/fab-lab-ete?include=accessLevel&minPosition=${joined.body.meta.position}`,
      );
    expect(bySlug.body.data).toMatchObject({ id, attributes: { name: 'Fab Lab Été', slug: 'fab-lab-ete' } });
    expect(bySlug.body.data.relationships.users).toBeUndefined();
    expect(bySlug.body.included).toEqual([
      expect.objectContaining({ type: 'access-levels', id: 'member_level_2' }),
    ]);
    const browser = app.browser();
    await signIn(browser, 'member@example.org');
    const asMember = await browser.call('GET', `/api/v1/organizations/${id}`);
    expect(asMember.body.data.relationships.users.data).toEqual([{ type: 'users', id: member }]);
    const renamed = await app.admin('PATCH', `/organizations/${id}`, {
      data: { type: 'organizations', id, attributes: { slug: 'fablab' } },
    });
    expect(renamed.status).toBe(200);
    expect((await organization('Reuses the old slug', null, 'fab-lab-ete')).length).toBe(36);
    const filtered = await app
      .browser()
      .call(
        'GET',
        `/api/v1/organizations?filter[accessLevels]=member_level_2&minPosition=${renamed.body.meta.position}`,
      );
    expect(filtered.body.data.map((o: { id: string }) => o.id)).toEqual([id]);
    expect((await app.browser().call('GET', '/api/v1/organizations?filter[accessLevels]=nope')).status).toBe(
      400,
    );
    expect((await join(id, randomUUID())).status).toBe(422);
    expect((await join(randomUUID(), member)).status).toBe(404);
  });
});

describe('the home numbers', () => {
  const homeStats = async (position: string) => {
    const answer = await app.browser().call('GET', `/api/v1/services/home-stats?minPosition=${position}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Record<string, number>;
  };

  it('count the organizations created through the API, not their edits', async () => {
    // other tests of this file create organizations on the same platform: compare with the number before
    const first = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: 'Counted Lab One' } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await homeStats(first.body.meta.position);
    expect(before.organizationsCount).toBeGreaterThanOrEqual(1);

    await organization('Counted Lab Two', null);
    const third = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: 'Counted Lab Three' } },
    });
    const after = await homeStats(third.body.meta.position);
    // this test makes no repository item and no eqlaat project: the other two numbers stay 0
    expect(after).toEqual({
      organizationsCount: before.organizationsCount! + 2,
      repositoryItemsCount: 0,
      accompaniedPatientsCount: 0,
    });

    const edited = await app.admin('PATCH', `/organizations/${third.body.data.id}`, {
      data: {
        type: 'organizations',
        id: third.body.data.id,
        attributes: { name: 'Counted Lab 3', slug: 'counted-lab-3' },
        relationships: { accessLevel: { data: { type: 'access-levels', id: 'contact' } } },
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await homeStats(edited.body.meta.position)).toEqual(after);
  });
});

describe('an edit or a membership list', () => {
  const streamOf = (prefix: string, id: string) => app.platform.eventStore.readStream(`${prefix}-${id}`);
  /** how many appends (transactions) stored the stream's events after `version` */
  const appendsAfter = async (streamId: string, version: bigint) => {
    const [row] = await app.platform.sql<{ appends: number }[]>`
      select count(distinct transaction_id)::int as appends from es_events
       where stream_id = ${streamId} and stream_version > ${version.toString()}::bigint`;
    return row!.appends;
  };

  it('is stored in one append to the organization, or refused with nothing stored', async () => {
    const id = await organization('One Append Lab', 'contact');
    await organization('Slug Holder', null, 'held-slug');
    const before = await streamOf('organization', id);
    const version = before[before.length - 1]!.streamVersion;

    // one bad part (a slug another organization holds) refuses the whole edit
    const taken = await app.admin('PATCH', `/organizations/${id}`, {
      data: {
        type: 'organizations',
        id,
        attributes: { name: 'Renamed Lab', slug: 'held-slug' },
        relationships: { accessLevel: { data: { type: 'access-levels', id: 'member_level_2' } } },
      },
    });
    expect(taken.status).toBe(409);
    // a stale If-Match refuses it too, before its new slug is claimed
    const stale = await app.admin(
      'PATCH',
      `/organizations/${id}`,
      { data: { type: 'organizations', id, attributes: { name: 'Renamed Lab', slug: 'fresh-slug' } } },
      { 'If-Match': `"${version + 1n}"` },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('conflict.wrong_expected_version');
    expect(await streamOf('organization', id)).toEqual(before);
    expect((await organization('Takes The Fresh Slug', null, 'fresh-slug')).length).toBe(36);

    // a good edit of the fields, the slug and the access level: one event with the changed values, one append
    const saved = await app.admin(
      'PATCH',
      `/organizations/${id}`,
      {
        data: {
          type: 'organizations',
          id,
          attributes: { name: 'Renamed Lab', shortDescription: 'We print aids', slug: 'renamed-lab' },
          relationships: { accessLevel: { data: { type: 'access-levels', id: 'member_level_2' } } },
        },
      },
      { 'If-Match': `"${version}"` },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await streamOf('organization', id);
    const added = after.slice(before.length);
    expect(added.map((e) => [e.type, e.data])).toEqual([
      [
        'OrganizationRecordUpdated',
        {
          id,
          attributes: { name: 'Renamed Lab', shortDescription: 'We print aids', slug: 'renamed-lab' },
          relationships: { accessLevel: 'member_level_2' },
        },
      ],
    ]);
    expect(saved.body.meta).toEqual({
      version: (version + 1n).toString(),
      position: added[0]!.globalPosition.toString(),
    });
    expect(await appendsAfter(`organization-${id}`, version)).toBe(1);
    const read = await app
      .browser()
      .call('GET', `/api/v1/organizations/renamed-lab?minPosition=${saved.body.meta.position}`);
    expect(read.body.data).toMatchObject({ id, attributes: { name: 'Renamed Lab', slug: 'renamed-lab' } });
  });

  it('joins every user of a list, or none when one of them cannot join', async () => {
    const id = await organization('Members Lab', null);
    const { id: ada } = await createUser(app, { email: 'list-ada@example.org' });
    const { id: bob } = await createUser(app, { email: 'list-bob@example.org' });
    const [adaBefore, bobBefore] = [await streamOf('user', ada), await streamOf('user', bob)];
    const users = (...ids: string[]) => ({ data: ids.map((user) => ({ type: 'users', id: user })) });

    const refused = await app.admin(
      'POST',
      `/organizations/${id}/relationships/users`,
      users(ada, randomUUID()),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source).toEqual({ pointer: '/data/1/id' });
    expect(await streamOf('user', ada)).toEqual(adaBefore);

    const joined = await app.admin('POST', `/organizations/${id}/relationships/users`, users(ada, bob, ada));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const added = [
      ...(await streamOf('user', ada)).slice(adaBefore.length),
      ...(await streamOf('user', bob)).slice(bobBefore.length),
    ];
    expect(added.map((e) => [e.type, e.data])).toEqual([
      ['UserJoinedOrganization', { id: ada, organizationId: id }],
      ['UserJoinedOrganization', { id: bob, organizationId: id }],
    ]);
    // the answer's position reads both joins
    expect(joined.body.meta.position).toBe(added[1]!.globalPosition.toString());

    // joining again changes nothing, and answers a position that still reads both joins
    const again = await app.admin('POST', `/organizations/${id}/relationships/users`, users(bob, ada));
    expect(again.status).toBe(200);
    expect(BigInt(again.body.meta.position)).toBeGreaterThanOrEqual(added[1]!.globalPosition);
    expect((await streamOf('user', ada)).length).toBe(adaBefore.length + 1);
  });
});

describe('organization administrators', () => {
  it('edit the organizations they belong to, not others, and not the access level', async () => {
    const mine = await organization('Mine Lab', 'contact');
    const theirs = await organization('Their Lab', 'contact');
    const { id } = await createUser(app, { email: 'orgadmin@example.org' });
    await app.admin('PATCH', `/users/${id}`, {
      data: {
        type: 'users',
        relationships: { roles: { data: [{ type: 'roles', id: 'organization_admin' }] } },
      },
    });
    const joined = await join(mine, id);
    const browser = app.browser();
    await signIn(browser, 'orgadmin@example.org');
    const edit = (org: string, body: Record<string, unknown>) =>
      browser.call('PATCH', `/api/v1/organizations/${org}?minPosition=${joined.body.meta.position}`, {
        body: { data: { type: 'organizations', id: org, ...body } },
      });
    const saved = await edit(mine, { attributes: { shortDescription: 'We print aids' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await edit(theirs, { attributes: { shortDescription: 'Not mine' } })).status).toBe(403);
    const level = await edit(mine, {
      relationships: { accessLevel: { data: { type: 'access-levels', id: 'member_level_2' } } },
    });
    expect(level.status).toBe(403);
    expect((await edit(mine, { attributes: { adminOnlyNote: 'x' } })).status).toBe(403);
  });
});

describe('acting on behalf of an organization', () => {
  it('switches the effective access level, and with it what the menu shows', async () => {
    const item = await app.admin('POST', '/app-menu-items', {
      data: {
        type: 'app-menu-items',
        attributes: { name: 'Level two corner', url: '/level-two', accessLevel: 'member_level_2' },
      },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const { id } = await createUser(app, { email: 'switcher@example.org' });
    const high = await organization('High Level Lab', 'member_level_2');
    const low = await organization('Low Level Club', 'contact');
    await join(low, id);
    const joined = await join(high, id);
    const browser = app.browser();
    await signIn(browser, 'switcher@example.org');
    const menu = async (position: string) =>
      JSON.stringify((await browser.call('GET', `/api/v1/services/app-menu?minPosition=${position}`)).body);
    // acting as nobody: the first organization joined (the club) decides
    expect(await menu(joined.body.meta.position)).not.toContain('Level two corner');
    const before = browser.cookie();
    const switched = await browser.call('PATCH', '/api/v1/users/me/relationships/acting-as-organization', {
      body: { data: { type: 'organizations', id: high } },
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(browser.cookie()).not.toBe(before);
    expect(await menu(switched.body.meta.position)).toContain('Level two corner');
    const read = await me(
      browser,
      switched.body.meta.position,
      'actingAsOrganization,actingAsOrganization.users,organizations',
    );
    expect(read.body.data.relationships.actingAsOrganization.data).toEqual({
      type: 'organizations',
      id: high,
    });
    expect(read.body.included.filter((r: { type: string }) => r.type === 'organizations')).toHaveLength(2);
    expect(read.body.meta.effectiveAccessWeight).toBe(400);
    const outsider = await organization('Not Mine', 'member_level_2');
    const refused = await browser.call('PATCH', '/api/v1/users/me/relationships/acting-as-organization', {
      body: { data: { type: 'organizations', id: outsider } },
    });
    expect(refused.status).toBe(422);
    const back = await browser.call('PATCH', '/api/v1/users/me/relationships/acting-as-organization', {
      body: { data: null },
    });
    expect(await menu(back.body.meta.position)).not.toContain('Level two corner');
  });
});

describe('impersonation', () => {
  it('lets an administrator with a session act as a user and come back', async () => {
    const { id: adminId } = await createUser(app, { email: 'boss@example.org' });
    const roles = await app.admin('PATCH', `/users/${adminId}`, {
      data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: 'admin' }] } } },
    });
    const { id: target } = await createUser(app, { email: 'target@example.org', firstName: 'Tess' });
    const browser = app.browser();
    await signIn(browser, 'boss@example.org');
    const started = await browser.call(
      'POST',
      `/api/v1/services/users/${target}/impersonate?minPosition=${roles.body.meta.position}`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const asTarget = await browser.call('GET', '/api/v1/users/me');
    expect(asTarget.body.data).toMatchObject({
      id: target,
      attributes: { impersonating: true, firstName: 'Tess' },
    });
    expect(asTarget.body.meta.impersonatorId).toBe(adminId);
    const stopped = await browser.call('DELETE', '/api/v1/services/users/impersonate');
    expect(stopped.status).toBe(200);
    const back = await browser.call('GET', '/api/v1/users/me');
    expect(back.body.data).toMatchObject({ id: adminId, attributes: { impersonating: false } });
    const events = await app.platform.eventStore.readStream(`user-${target}`);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['UserImpersonationStarted', 'UserImpersonationStopped']),
    );
    expect(events.find((e) => e.type === 'UserImpersonationStarted')?.metadata.actor.userId).toBe(adminId);
  });

  it('refuses non-administrators, API tokens, and stopping when not impersonating', async () => {
    const { id: target } = await createUser(app, { email: 'target2@example.org' });
    const browser = app.browser();
    await createUser(app, { email: 'plain@example.org' });
    await signIn(browser, 'plain@example.org');
    expect((await browser.call('POST', `/api/v1/services/users/${target}/impersonate`)).status).toBe(403);
    expect((await browser.call('DELETE', '/api/v1/services/users/impersonate')).status).toBe(409);
    expect((await app.admin('POST', `/services/users/${target}/impersonate`)).status).toBe(403);
  });
});
