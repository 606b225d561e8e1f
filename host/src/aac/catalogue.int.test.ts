import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, ids, many, one, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The AAC products catalogue (seed 001 §3 "AAC catalogue", §4, §6; ADR 0064) as its readers, contributors and
 * moderators use it: the moderators keep the reference lists and publish products; everyone reads the published
 * ones, filtered by what they run on and how they are reached; a member contributes a product, which waits
 * unpublished, seen by its author and the moderators alone, until a moderator publishes it. Nobody else writes them.
 */

let app: AccountsTestApp;
let moderator: Person;
let member: Person;
let other: Person;
let run = 0;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

const post = (
  who: Person,
  type: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) => who.browser.call('POST', `/api/v1/${type}`, { body: doc(type, attributes, relationships) });

beforeAll(async () => {
  app = await startAccountsApp();
  [moderator, member, other] = await Promise.all([
    person(app, 'aac-moderator@example.org', { roles: ['aac_moderator'] }),
    person(app, 'aac-member@example.org', { accessLevel: 'member_level_1' }),
    person(app, 'aac-other@example.org', { accessLevel: 'member_level_1' }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('the AAC catalogue', () => {
  it('is kept by the moderators and read by everyone, filtered by system and access type', async () => {
    run++;
    const ios = created(await post(moderator, 'aac-systems', { name: `iOS ${run}` }));
    const windows = created(await post(moderator, 'aac-systems', { name: `Windows ${run}` }));
    const seller = created(
      await post(moderator, 'aac-sellers', { name: `Talking Tools ${run}`, website: 'https://example.org' }),
    );
    const grid = created(
      await post(
        moderator,
        'aac-products',
        {
          name: `Symbol grid ${run}`,
          shortDescription: 'A grid of pictograms that speaks',
          publishedAt: '2020-01-01T00:00:00.000Z',
        },
        {
          compatibleSystems: many('aac-systems', [ios.id]),
          accessTypes: many('aac-access-types', ['pointing', 'scanning']),
          integrationType: one('aac-integration-types', 'third_party'),
          sellers: many('aac-sellers', [seller.id]),
        },
      ),
    );
    const tablet = created(
      await post(
        moderator,
        'aac-products',
        { name: `Eye tablet ${run}`, isDevice: true, publishedAt: '2020-01-01T00:00:00.000Z' },
        {
          compatibleSystems: many('aac-systems', [windows.id]),
          accessTypes: many('aac-access-types', ['eye_pointer']),
          integrationType: one('aac-integration-types', 'direct'),
        },
      ),
    );
    const installed = created(
      await post(
        moderator,
        'aac-installed-systems',
        { note: 'Preinstalled' },
        {
          device: one('aac-products', tablet.id),
          system: one('aac-systems', windows.id),
        },
      ),
    );

    const visitor = app.browser();
    const at = installed.position;
    const onIos = await visitor.call(
      'GET',
      `/api/v1/aac-products?filter[compatibleSystems]=${ios.id}&minPosition=${at}`,
    );
    expect(onIos.status, JSON.stringify(onIos.body)).toBe(200);
    expect(ids(onIos)).toEqual([grid.id]);
    const byEye = await visitor.call(
      'GET',
      `/api/v1/aac-products?filter[accessTypes]=eye_pointer&filter[search]=${run}`,
    );
    expect(ids(byEye)).toEqual([tablet.id]);
    const devices = await visitor.call(
      'GET',
      `/api/v1/aac-products?filter[isDevice]=true&filter[search]=${run}`,
    );
    expect(ids(devices)).toEqual([tablet.id]);
    const read = await visitor.call('GET', `/api/v1/aac-products/${grid.id}?include=sellers,accessTypes`);
    expect(read.body.data.attributes).toMatchObject({ name: `Symbol grid ${run}`, isDevice: false });
    expect(read.body.included.map((r: { type: string; id: string }) => `${r.type}/${r.id}`).sort()).toEqual(
      [`aac-sellers/${seller.id}`, 'aac-access-types/pointing', 'aac-access-types/scanning'].sort(),
    );
    const onDevice = await visitor.call('GET', `/api/v1/aac-installed-systems?filter[device]=${tablet.id}`);
    expect(ids(onDevice)).toEqual([installed.id]);
    const seen = await visitor.call('GET', `/api/v1/aac-sellers/${seller.id}`);
    expect(seen.body.data.attributes.productsCount).toBe(1);
    // the fixed lists, for everyone
    const access = await visitor.call('GET', '/api/v1/aac-access-types');
    expect(ids(access).sort()).toEqual(['eye_pointer', 'head_pointer', 'pointing', 'scanning']);

    // nobody else keeps them
    expect((await post(member, 'aac-systems', { name: 'Mine' })).status).toBe(403);
    expect(
      (await visitor.call('POST', '/api/v1/aac-sellers', { body: doc('aac-sellers', { name: 'x' }) })).status,
    ).toBe(401);
    const changed = await other.browser.call('PATCH', `/api/v1/aac-products/${grid.id}`, {
      body: { data: { type: 'aac-products', id: grid.id, attributes: { name: 'Taken over' } } },
    });
    expect(changed.status).toBe(403);
    const bad = await post(moderator, 'aac-sellers', { name: 'Bad', website: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toEqual(['/data/attributes/website']);
  });

  it("takes a member's contribution, unpublished until a moderator publishes it", async () => {
    run++;
    const refused = await post(member, 'aac-products', {
      name: `Self-published ${run}`,
      publishedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(refused.status).toBe(403);
    expect(pointers(refused)).toEqual(['/data/attributes/publishedAt']);

    const contribution = created(
      await post(
        member,
        'aac-products',
        { name: `Switch speaker ${run}`, shortDescription: 'One button, one message' },
        {
          accessTypes: many('aac-access-types', ['scanning']),
        },
      ),
    );
    const at = contribution.position;
    // its author and the moderators see it; nobody else does
    expect(
      (await member.browser.call('GET', `/api/v1/aac-products/${contribution.id}?minPosition=${at}`)).status,
    ).toBe(200);
    expect((await moderator.browser.call('GET', `/api/v1/aac-products/${contribution.id}`)).status).toBe(200);
    expect((await other.browser.call('GET', `/api/v1/aac-products/${contribution.id}`)).status).toBe(404);
    expect((await app.browser().call('GET', `/api/v1/aac-products/${contribution.id}`)).status).toBe(404);
    expect(
      ids(await app.browser().call('GET', `/api/v1/aac-products?filter[search]=Switch speaker ${run}`)),
    ).toEqual([]);

    // its author edits it; another member may not
    const edited = await member.browser.call('PATCH', `/api/v1/aac-products/${contribution.id}`, {
      body: {
        data: {
          type: 'aac-products',
          id: contribution.id,
          attributes: { website: 'https://example.org/switch' },
        },
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(
      (
        await other.browser.call('PATCH', `/api/v1/aac-products/${contribution.id}`, {
          body: { data: { type: 'aac-products', id: contribution.id, attributes: { name: 'Mine now' } } },
        })
      ).status,
    ).not.toBe(200);

    const published = await moderator.browser.call('PATCH', `/api/v1/aac-products/${contribution.id}`, {
      body: {
        data: {
          type: 'aac-products',
          id: contribution.id,
          attributes: { publishedAt: '2020-01-01T00:00:00.000Z' },
        },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const open = await app
      .browser()
      .call('GET', `/api/v1/aac-products/${contribution.id}?minPosition=${published.body.meta.position}`);
    expect(open.status).toBe(200);
    expect(open.body.data.attributes).toMatchObject({
      name: `Switch speaker ${run}`,
      website: 'https://example.org/switch',
    });
  });
});
