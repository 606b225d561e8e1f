import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GlobalSearchDocumentSchema } from '@platform/contracts/search/global-search';
import { replayProjection } from '@platform/projectors/replay';
import { SEARCH_INDEX_PROJECTION } from '@platform/projectors/search/search-index-projection';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { createTestDatabase } from '@platform/tests/support/database';
import { doc, one, person, PAST } from '@platform/tests/support/layer-test-types';

/**
 * The global search (ADR 0041): its index is a projection of the records' events (rows asserted), its answers
 * ranked and excerpted in the reader's locale, paged per type, and never showing a record the reader's own
 * `index` rule hides.
 */
let app: AccountsTestApp;
let db: ReturnType<typeof postgres>;
let position = '0';

const noted = (answer: Answer): Answer => {
  expect([200, 201, 204], JSON.stringify(answer.body)).toContain(answer.status);
  if (answer.body?.meta?.position) position = answer.body.meta.position as string;
  return answer;
};
const after = (path: string) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;

/** A repository item, published unless told otherwise. */
async function item(
  attributes: { title: string; description: string; publishedAt?: string | null },
  relationships?: Record<string, unknown>,
): Promise<string> {
  const made = noted(
    await app.admin(
      'POST',
      '/repository-items',
      doc('repository-items', { publishedAt: PAST, ...attributes }, relationships),
    ),
  );
  return made.body.data.id as string;
}

type Reader = (path: string, headers?: Record<string, string>) => Promise<Answer>;
const visitor: Reader = (path, headers) =>
  app.browser().call('GET', `/api/v1${path}`, { headers: headers ?? {} });
const administrator: Reader = (path, headers) => app.admin('GET', path, undefined, headers);

async function search(words: string, options: { as?: Reader; locale?: string; extra?: string } = {}) {
  const answer = await (options.as ?? visitor)(
    after(`/services/global-search?search=${encodeURIComponent(words)}${options.extra ?? ''}`),
    { 'Accept-Language': options.locale ?? 'en' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return GlobalSearchDocumentSchema.parse(answer.body);
}
const idsOf = (document: { data: Array<{ id: string }> }) => document.data.map((r) => r.id);

async function indexRow(type: string, id: string) {
  const [row] = await db`select type, id, title, description, translations, path_key, created_by, deleted_at,
      published_at, access_level, organization_id from read.search_index where type = ${type} and id = ${id}`;
  return row;
}

beforeAll(async () => {
  app = await startAccountsApp({});
  db = postgres(app.databaseUrl, { max: 1 });
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('the search index', () => {
  it('keeps a row per searchable record from its events: text, translations, path key and access columns', async () => {
    const id = await item(
      { title: 'Gripper for cups', description: '<p>Holds a <b>cup</b> &amp; a glass.</p>' },
      { accessLevel: one('access-levels', 'member_level_1') },
    );
    noted(
      await app.admin(
        'PATCH',
        `/repository-items/${id}`,
        doc(
          'repository-items',
          { title: 'Pince à tasses', description: '<p>Tient une tasse.</p>' },
          undefined,
          id,
        ),
        { 'Accept-Edition-Language': 'fr' },
      ),
    );
    await expect
      .poll(() => indexRow('repository-items', id))
      .toMatchObject({
        title: 'Gripper for cups',
        description: 'Holds a cup & a glass.',
        translations: { fr: { title: 'Pince à tasses', description: 'Tient une tasse.' } },
        path_key: id,
        access_level: 'member_level_1',
        deleted_at: null,
      });
    const row = await indexRow('repository-items', id);
    expect(row!.published_at).toEqual(new Date(PAST));
    expect(row!.created_by).toEqual(expect.any(String));

    noted(
      await app.admin(
        'PATCH',
        `/repository-items/${id}`,
        doc('repository-items', { title: 'Cup gripper' }, undefined, id),
      ),
    );
    await expect.poll(async () => (await indexRow('repository-items', id))?.title).toBe('Cup gripper');
    noted(await app.admin('POST', `/repository-items/${id}/soft-delete`));
    await expect.poll(async () => (await indexRow('repository-items', id))?.deleted_at).not.toBeNull();
    noted(await app.admin('POST', `/repository-items/${id}/restore`));
    await expect.poll(async () => (await indexRow('repository-items', id))?.deleted_at).toBeNull();
    noted(await app.admin('DELETE', `/repository-items/${id}`));
    await expect.poll(() => indexRow('repository-items', id)).toBeUndefined();
  });

  it('keys an organization by its slug, and leaves out the types that are not searchable', async () => {
    const made = noted(
      await app.admin(
        'POST',
        '/organizations',
        doc(
          'organizations',
          { name: 'Quokka Assistive Lab', shortDescription: 'Switch adapted toys' },
          {
            accessLevel: one('access-levels', null),
          },
        ),
      ),
    );
    const id = made.body.data.id as string;
    await expect
      .poll(() => indexRow('organizations', id))
      .toMatchObject({
        title: 'Quokka Assistive Lab',
        description: 'Switch adapted toys',
        path_key: 'quokka-assistive-lab',
      });
    const [other] = await db`select count(*)::int as n from read.search_index
      where type not in ('articles', 'blog-posts', 'calendar-events', 'repository-items', 'forum-subjects',
                         'organizations', 'open-badges', 'training-resources', 'training-resource-requests',
                         'trainings')`;
    expect(other!.n).toBe(0);
    const found = await search('quokka');
    expect(found.data).toEqual([
      expect.objectContaining({ type: 'organizations', id, path: '/organizations/quokka-assistive-lab' }),
    ]);
    expect(found.data[0]!.highlights.title).toEqual([
      { text: 'Quokka', match: true },
      { text: ' Assistive Lab', match: false },
    ]);
  });
});

describe('GET /api/v1/services/global-search', () => {
  it('never answers what the reader’s level, the publication date or a soft deletion hides', async () => {
    const open = await item({ title: 'Wombat switch', description: '<p>For everyone.</p>' });
    const levelled = await item(
      { title: 'Wombat mount', description: '<p>For members.</p>' },
      { accessLevel: one('access-levels', 'member_level_1') },
    );
    const draft = await item({ title: 'Wombat draft', description: '<p>Soon.</p>', publishedAt: null });
    const trashed = await item({ title: 'Wombat trashed', description: '<p>Gone.</p>' });
    noted(await app.admin('POST', `/repository-items/${trashed}/soft-delete`));

    expect(idsOf(await search('wombat'))).toEqual([open]);
    const member = await person(app, `wombat-${Date.now()}@example.org`, { accessLevel: 'member_level_1' });
    const asMember: Reader = (path, headers) =>
      member.browser.call('GET', `/api/v1${path}`, { headers: headers ?? {} });
    expect(idsOf(await search('wombat', { as: asMember })).sort()).toEqual([open, levelled].sort());
    // the publishers read drafts (the layer's own rule: those who may update a record read it unpublished)
    expect(idsOf(await search('wombat', { as: administrator })).sort()).toEqual(
      [open, levelled, draft].sort(),
    );
  });

  it('ranks by ts_rank: a title match above a description match, more matches above fewer', async () => {
    const inDescription = await item({ title: 'Tray', description: '<p>A platypus tray.</p>' });
    const inTitle = await item({ title: 'Platypus holder', description: '<p>A holder.</p>' });
    const often = await item({
      title: 'Platypus platypus grip',
      description: '<p>The platypus grip for every platypus.</p>',
    });
    expect(idsOf(await search('platypus'))).toEqual([often, inTitle, inDescription]);
    const found = await search('platypus');
    expect(found.data[2]!.highlights.description).toContainEqual({ text: 'platypus', match: true });
    expect(found.data[2]!.description).toBe('A platypus tray.');
  });

  it('searches and answers in the reader’s locale, accents folded, the default text where no translation is', async () => {
    const id = await item({ title: 'Electric wheelchair tray', description: '<p>Clips on.</p>' });
    noted(
      await app.admin(
        'PATCH',
        `/repository-items/${id}`,
        doc('repository-items', { title: 'Tablette de fauteuil électrique' }, undefined, id),
        { 'Accept-Edition-Language': 'fr' },
      ),
    );
    const french = await search('fauteuils electriques', { locale: 'fr' });
    expect(french.meta.locale).toBe('fr');
    expect(french.data).toEqual([
      expect.objectContaining({ id, title: 'Tablette de fauteuil électrique', description: 'Clips on.' }),
    ]);
    expect(idsOf(await search('fauteuil', { locale: 'en' }))).toEqual([]);
    expect((await search('wheelchair', { locale: 'en' })).data[0]).toMatchObject({
      id,
      title: 'Electric wheelchair tray',
    });
  });

  it('filters by type and pages each type, telling which has more', async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await item({ title: `Echidna clip ${n}`, description: '<p>x</p>' }));
    const first = await search('echidna', { extra: '&filter[type]=repository-items&page[size]=2' });
    expect(first.data).toHaveLength(2);
    expect(first.meta.hasMore).toEqual({ 'repository-items': true });
    const second = await search('echidna', {
      extra: '&filter[type]=repository-items&page[size]=2&page[number]=2',
    });
    expect(second.data).toHaveLength(1);
    expect(second.meta.hasMore).toEqual({ 'repository-items': false });
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(made.sort());
    const organizations = await search('echidna', { extra: '&filter[type]=organizations' });
    expect(organizations.data).toEqual([]);
    expect(organizations.meta.hasMore).toEqual({ organizations: false });
  });

  it('gives a type shown by a CMS component the path under the first page that shows it', async () => {
    const id = await item({ title: 'Kookaburra stand', description: '<p>x</p>' });
    const none = await search('kookaburra');
    expect(none.data[0]).toMatchObject({ id, path: null });
    const page = noted(
      await app.admin('POST', '/app-pages', {
        data: { type: 'app-pages', attributes: { path: '/kookaburra-aids', title: 'Aids' } },
      }),
    );
    noted(
      await app.admin('POST', '/app-page-components', {
        data: {
          type: 'app-page-components',
          attributes: { name: 'repository', props: {} },
          relationships: { page: { data: { type: 'app-pages', id: page.body.data.id } } },
        },
      }),
    );
    expect((await search('kookaburra')).data[0]).toMatchObject({ id, path: `/kookaburra-aids/${id}` });
  });

  it("finds the site's own pages by title and description, only those the reader may open", async () => {
    const page = async (attributes: Record<string, unknown>) =>
      noted(await app.admin('POST', '/app-pages', { data: { type: 'app-pages', attributes } })).body.data
        .id as string;
    const open = await page({
      path: '/wombat-help',
      title: 'Wombat help',
      description: 'How to borrow a ramp',
    });
    const closed = await page({ path: '/wombat-members', title: 'Wombat corner', requiresAuth: true });
    const byDescription = await page({
      path: '/ramps-guide',
      title: 'Guide',
      description: 'Every wombat ramp',
    });

    const seen = await search('wombat');
    const pages = seen.data.filter((r) => r.type === 'pages');
    // the title weighs more than the description
    expect(pages.map((r) => r.id)).toEqual([open, byDescription]);
    expect(pages[0]).toMatchObject({ title: 'Wombat help', path: '/wombat-help' });
    expect(pages[0]!.highlights.title).toContainEqual({ text: 'Wombat', match: true });
    expect(pages[1]).toMatchObject({ path: '/ramps-guide', description: 'Every wombat ramp' });
    expect(seen.meta.hasMore.pages).toBe(false);

    // the page that needs a sign-in is found by those who may open it
    const asAdministrator = await search('wombat', { as: administrator, extra: '&filter[type]=pages' });
    expect(new Set(idsOf(asAdministrator))).toEqual(new Set([open, closed, byDescription]));
    expect(asAdministrator.meta.hasMore).toEqual({ pages: false });
    const paged = await search('wombat', { extra: '&filter[type]=pages&page[size]=1' });
    expect(idsOf(paged)).toEqual([open]);
    expect(paged.meta.hasMore).toEqual({ pages: true });

    // a page removed is no longer found
    noted(await app.admin('DELETE', `/app-pages/${byDescription}`));
    expect(idsOf(await search('wombat', { extra: '&filter[type]=pages' }))).toEqual([open]);
  });

  it('finds training resources, their requests and trainings, each under its own rule', async () => {
    const make = async (type: string, attributes: Record<string, unknown>) =>
      noted(await app.admin('POST', `/${type}`, doc(type, attributes))).body.data.id as string;
    const resource = await make('training-resources', {
      title: 'Platypus switch course',
      description: '<p>Adapted toys</p>',
      publishedAt: PAST,
    });
    const draft = await make('training-resources', { title: 'Platypus draft', publishedAt: null });
    const request = await make('training-resource-requests', {
      title: 'A platypus guide, please',
      publishedAt: PAST,
    });
    const training = await make('trainings', { title: 'Platypus training day', publishedAt: PAST });
    const found = await search('platypus');
    expect(found.data.map((r) => [r.type, r.id])).toEqual(
      expect.arrayContaining([
        ['training-resources', resource],
        ['training-resource-requests', request],
        ['trainings', training],
      ]),
    );
    expect(idsOf(found)).not.toContain(draft);
    expect(found.meta.hasMore).toMatchObject({
      'training-resources': false,
      'training-resource-requests': false,
      trainings: false,
    });
  });

  it('refuses bad input with 4xx naming the parameter, never a 500', async () => {
    const ask = (query: string) => visitor(`/services/global-search${query}`);
    const empty = await ask('?search=%20%20');
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0]).toMatchObject({
      code: 'validation.required',
      source: { parameter: 'search' },
    });
    expect((await ask('')).status).toBe(422);
    const long = await ask(`?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors[0]).toMatchObject({
      code: 'validation.invalid',
      source: { parameter: 'search' },
    });
    const type = await ask('?search=x&filter[type]=users');
    expect(type.status).toBe(400);
    expect(type.body.errors[0]).toMatchObject({ source: { parameter: 'filter[type]' } });
    expect((await ask('?search=x&page[size]=0')).status).toBe(400);
    expect((await ask('?search=x&page[number]=-1')).status).toBe(400);
    // web search syntax of any shape is a query, never an error
    for (const odd of ['"', '-', '!!', '&|', "'", 'or', '(((', '\\'])
      expect((await ask(`?search=${encodeURIComponent(odd)}`)).status).toBe(200);
  });
});

describe('npm run replay -- search_index', () => {
  it('rebuilds the same index from the log', async () => {
    const rows = () =>
      db`select * from read.search_index order by type, id`.then((r) => JSON.parse(JSON.stringify(r)));
    await item({ title: 'Numbat ramp', description: '<p>Before the replay.</p>' });
    await search('numbat');
    const before = await rows();
    expect(before.length).toBeGreaterThan(5);
    const projection = app.platform.projections.find((p) => p.name === SEARCH_INDEX_PROJECTION)!;
    const summary = await replayProjection({
      sql: app.platform.sql,
      eventStore: app.platform.eventStore,
      projection,
    });
    expect(summary.mode).toBe('rebuild');
    expect(await rows()).toEqual(before);
    expect(idsOf(await search('numbat'))).toHaveLength(1);
  });
});

describe('with the organizations feature off', () => {
  it('leaves organizations out: their pages are not shown', async () => {
    // an organization made while the feature was on, then the platform started again with it off
    const database = await createTestDatabase();
    const open = await startAccountsApp({}, {}, { databaseUrl: database.url });
    const made = await open.admin(
      'POST',
      '/organizations',
      doc('organizations', { name: 'Bilby Access Lab' }, { accessLevel: one('access-levels', null) }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const position = made.body.meta.position as string;
    const before = await open
      .browser()
      .call('GET', `/api/v1/services/global-search?search=bilby&minPosition=${position}`);
    expect(before.body.data).toHaveLength(1);
    await open.close();
    const closed = await startAccountsApp(
      { features: { organizations: false } },
      {},
      { databaseUrl: database.url },
    );
    try {
      const read = (query: string) =>
        closed.browser().call('GET', `/api/v1/services/global-search${query}&minPosition=${position}`);
      const all = await read('?search=bilby');
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual([]);
      expect(Object.keys(all.body.meta.hasMore)).not.toContain('organizations');
      expect(Object.keys(all.body.meta.hasMore)).toContain('pages');
      const asked = await read('?search=bilby&filter[type]=organizations');
      expect(asked.status).toBe(400);
      expect(asked.body.errors[0]).toMatchObject({ source: { parameter: 'filter[type]' } });
    } finally {
      await closed.close();
      await database.drop();
    }
  });
});
