import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, ids, many, one, parameters, PAST, person } from '@platform/tests/support/layer-test-types';

/**
 * The layer's read side for the community's records (issue 21): the calendar's `between` filter (overlaps, G6),
 * what a member wrote (`filter[createdBy]`), who the author of a publication item is (the organization its writer
 * acted for, else the writer: G9), and the viewer's flags on a type that asks for them (content categories).
 */
let app: AccountsTestApp;
let position = '0';

const created = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  position = answer.body.meta.position as string;
  return answer.body.data.id as string;
};
const after = (path: string) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;

beforeAll(async () => {
  app = await startAccountsApp({});
});
afterAll(async () => {
  await app?.close();
});

describe('the calendar’s between filter (overlaps)', () => {
  const event = async (title: string, startAt: string, endAt: string) =>
    created(
      await app.admin(
        'POST',
        '/calendar-events',
        doc('calendar-events', {
          title,
          description: '<p>Open to all.</p>',
          startAt,
          endAt,
          publishedAt: PAST,
        }),
      ),
    );

  it('keeps the events whose [start, end] meets [from, to), in the list’s order', async () => {
    const inside = await event('Fitting day', '2026-11-10T09:00:00Z', '2026-11-12T17:00:00Z');
    const across = await event('Maker week', '2026-10-29T09:00:00Z', '2026-11-02T17:00:00Z');
    // closed at its end: an event ending at the month's first instant is in the month
    const endsAtStart = await event('Halloween night', '2026-10-31T20:00:00Z', '2026-11-01T00:00:00Z');
    // open at the period's end: an event starting at the next month's first instant is not
    const december = await event('December opening', '2026-12-01T00:00:00Z', '2026-12-01T02:00:00Z');
    await event('October fair', '2026-10-01T09:00:00Z', '2026-10-31T19:59:59Z');
    const spanning = await event('Winter residency', '2026-09-01T09:00:00Z', '2027-01-31T17:00:00Z');

    const month = await app.admin(
      'GET',
      after('/calendar-events?filter[between]=2026-11-01T00:00:00Z,2026-12-01T00:00:00Z&sort=startAt'),
    );
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    expect(ids(month)).toEqual([spanning, across, endsAtStart, inside]);
    expect(month.body.meta.total).toBe(4);

    // an offset names the same instants; dates read as UTC midnight
    const offset = await app.admin(
      'GET',
      after('/calendar-events?filter[between]=2026-11-10T10:00:00%2B01:00,2026-11-10T11:00:00%2B01:00'),
    );
    expect(ids(offset).sort()).toEqual([inside, spanning].sort());
    const dates = await app.admin('GET', after('/calendar-events?filter[between]=2026-12-01,2027-01-01'));
    expect(ids(dates).sort()).toEqual([december, spanning].sort());
  });

  it('answers 400 on the parameter for a value that is no period', async () => {
    for (const value of [
      'next-month',
      '2026-11-01T00:00:00Z',
      '2026-11-01T00:00:00Z,',
      '2026-11-01T00:00:00Z,soon',
      '2026-12-01T00:00:00Z,2026-11-01T00:00:00Z',
      '2026-11-01T00:00:00Z,2026-11-01T00:00:00Z',
      '2026-11-01,2026-12-01,2027-01-01',
      '2026-13-45,2026-12-01',
    ]) {
      const answer = await app.admin('GET', `/calendar-events?filter[between]=${encodeURIComponent(value)}`);
      expect(answer.status, value).toBe(400);
      expect(parameters(answer), value).toEqual(['filter[between]']);
    }
  });
});

/** An organization, a member acting for it (Mia Maker) and a member on their own (Sol Owen), on `on`. */
async function makerAndSolo(on: AccountsTestApp) {
  const organization = created(
    await on.admin(
      'POST',
      '/organizations',
      doc('organizations', { name: 'Demo Fab Lab' }, { accessLevel: one('access-levels', null) }),
    ),
  );
  const maker = await person(on, 'maker@example.test', {
    accessLevel: 'member_level_1',
    firstName: 'Mia',
    lastName: 'Maker',
  });
  const solo = await person(on, 'solo@example.test', {
    accessLevel: 'member_level_1',
    firstName: 'Sol',
    lastName: 'Owen',
  });
  const joined = await on.admin(
    'POST',
    `/organizations/${organization}/relationships/users`,
    many('users', [maker.id]),
  );
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const acting = await maker.browser.call(
    'PATCH',
    `/api/v1/users/me/relationships/acting-as-organization?minPosition=${joined.body.meta.position}`,
    { body: one('organizations', organization) },
  );
  expect(acting.status, JSON.stringify(acting.body)).toBe(200);
  // the maker's next requests are read as acting for it once the accounts' read model has the switch
  position = acting.body.meta.position as string;
  return { organization, maker, solo };
}

describe('authors of publication items', () => {
  it('names the organization its writer acted for, else the writer; lists what one member wrote', async () => {
    const { organization, maker, solo } = await makerAndSolo(app);

    const write = async (who: typeof maker, title: string) =>
      created(
        await who.browser.call('POST', after('/api/v1/repository-items'), {
          body: doc('repository-items', { title, description: '<p>Printed in PLA.</p>' }),
        }),
      );
    const byLab = await write(maker, 'Switch adapter for a toy');
    const byLabToo = await write(maker, 'Cup holder');
    const bySolo = await write(solo, 'Key guard');

    const read = await app.admin('GET', after(`/repository-items/${byLab}`));
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes.author).toEqual({
      type: 'organizations',
      id: organization,
      name: 'Demo Fab Lab',
    });
    const own = await solo.browser.call('GET', after(`/api/v1/repository-items/${bySolo}`));
    expect(own.body.data.attributes.author).toEqual({ type: 'users', id: solo.id, name: 'Sol Owen' });
    // the likes feature on: the viewer's own like is told (likes-off.int.test.ts: left out when off)
    expect(own.body.data.attributes.likedByViewer).toBe(false);

    // what one member wrote, whoever they acted for; their own drafts are theirs to read
    const mine = await app.admin('GET', after(`/repository-items?filter[createdBy]=${maker.id}&sort=title`));
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(ids(mine)).toEqual([byLabToo, byLab]);
    expect(
      (mine.body.data as Array<{ attributes: { author: unknown } }>).map((r) => r.attributes.author),
    ).toEqual([
      { type: 'organizations', id: organization, name: 'Demo Fab Lab' },
      { type: 'organizations', id: organization, name: 'Demo Fab Lab' },
    ]);
    const theirs = await app.admin('GET', after(`/repository-items?filter[createdBy]=${solo.id}`));
    expect(ids(theirs)).toEqual([bySolo]);
    // a visitor reads nobody's drafts, whoever wrote them
    const visitor = await app
      .browser()
      .call('GET', after(`/api/v1/repository-items?filter[createdBy]=${maker.id}`));
    expect(visitor.status).toBe(200);
    expect(ids(visitor)).toEqual([]);
    const bad = await app.admin('GET', '/repository-items?filter[createdBy]=someone');
    expect(bad.status).toBe(400);
    expect(parameters(bad)).toEqual(['filter[createdBy]']);
  });
});

describe('authors with FEATURE_AUTHOR_ORGANIZATION off', () => {
  let off: AccountsTestApp;
  beforeAll(async () => {
    off = await startAccountsApp({}, { authorOrganization: false });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('names the writer, even one acting for an organization', async () => {
    const { maker } = await makerAndSolo(off);
    const item = created(
      await maker.browser.call('POST', after('/api/v1/repository-items'), {
        body: doc('repository-items', { title: 'Switch adapter', description: '<p>Printed in PLA.</p>' }),
      }),
    );
    const read = await off.admin('GET', after(`/repository-items/${item}`));
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes.author).toEqual({ type: 'users', id: maker.id, name: 'Mia Maker' });
  });
});

describe('viewer flags on a type that asks for them', () => {
  it('tells each viewer whether they may edit and delete a content category', async () => {
    const category = created(await app.admin('POST', '/categories', doc('categories', { name: 'Guides' })));
    const member = await person(app, 'reader@example.test', { accessLevel: 'member_level_2' });
    const flags = (answer: Answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { canEdit, canDelete } = answer.body.data.attributes as Record<string, unknown>;
      return { canEdit, canDelete };
    };
    expect(flags(await app.admin('GET', after(`/categories/${category}`)))).toEqual({
      canEdit: true,
      canDelete: true,
    });
    const none = { canEdit: false, canDelete: false };
    expect(flags(await member.browser.call('GET', after(`/api/v1/categories/${category}`)))).toEqual(none);
    expect(flags(await app.browser().call('GET', after(`/api/v1/categories/${category}`)))).toEqual(none);
    // a type that neither is a publication item nor asks for flags has none
    const tag = created(await app.admin('POST', '/tags', doc('tags', { name: 'PLA' })));
    const read = await app.admin('GET', after(`/tags/${tag}`));
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).not.toHaveProperty('canEdit');
    expect(read.body.data.attributes).not.toHaveProperty('canDelete');
  });
});

describe('descending sorts of values that may be missing', () => {
  it('lists the forum subjects pinned on their category first, newest pin first, the others after', async () => {
    const category = created(
      await app.admin('POST', '/forum-categories', doc('forum-categories', { name: 'Help' })),
    );
    const subject = async (title: string, pinnedOnCategoryAt: string | null) =>
      created(
        await app.admin(
          'POST',
          '/forum-subjects',
          doc(
            'forum-subjects',
            { title, pinnedOnCategoryAt },
            { category: one('forum-categories', category) },
          ),
        ),
      );
    const plain = await subject('Plain question', null);
    const older = await subject('Read me first', '2026-01-01T00:00:00Z');
    const newer = await subject('Charter', '2026-06-01T00:00:00Z');
    const sorted = await app.admin(
      'GET',
      after(`/forum-subjects?filter[category]=${category}&sort=-pinnedOnCategoryAt`),
    );
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(ids(sorted)).toEqual([newer, older, plain]);
  });
});
