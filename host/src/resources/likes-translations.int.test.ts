import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { accessLevelResource } from '@platform/contracts/accounts/reference-lists';
import { APP_ADMINS } from '@platform/contracts/resources/access';
import { defineResource } from '@platform/contracts/resources/definition';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc, FUTURE, PAST, person, type Person } from '@platform/tests/support/layer-test-types';

/** A note members like, with a title translated per locale, published at a level. */
const noteResource = defineResource({
  type: 'test-notes',
  singular: 'test-note',
  category: 'testnote',
  eventPrefix: 'TestNote',
  module: 'tests',
  menu: { group: 'community', icon: 'sticky_note_2' },
  attributes: z.object({
    title: z.string().trim().min(1).max(120),
    body: z.string().max(2000).default(''),
  }),
  traits: { likable: true, translatable: ['title', 'body'], publishable: true },
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
  defaultSort: { field: 'title', direction: 'asc' },
  title: 'title',
});

let app: AccountsTestApp;
let alice: Person;
let bruno: Person;

beforeAll(async () => {
  app = await startAccountsApp({}, { resources: [accessLevelResource, noteResource] });
  alice = await person(app, 'alice@notes.example');
  bruno = await person(app, 'bruno@notes.example');
});
afterAll(async () => {
  await app.close();
});

async function note(title: string, publishedAt: string | null, level?: string) {
  const created = await app.admin(
    'POST',
    '/test-notes',
    doc(
      'test-notes',
      { title, publishedAt },
      level ? { accessLevel: { data: { type: 'access-levels', id: level } } } : undefined,
    ),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.data.id as string, position: created.body.meta.position as string };
}

describe('the likable trait', () => {
  it('lets a member like a record once, counts its likes and lists the member’s likes', async () => {
    const { id, position } = await note('Ramp plans', PAST);
    const path = `/api/v1/test-notes/${id}`;

    const liked = await alice.browser.call('POST', `${path}/like`);
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    // liking again records nothing: one like per member and record, guarded by the like's own stream
    const again = await alice.browser.call('POST', `${path}/like`);
    expect(again.status).toBe(200);
    expect(again.body.meta.position).toBeDefined();
    await bruno.browser.call('POST', `${path}/like`);
    const unliked = await bruno.browser.call('DELETE', `${path}/like`);
    expect(unliked.status).toBe(200);

    const read = (who: Person) =>
      who.browser.call('GET', `${path}?minPosition=${unliked.body.meta.position}`);
    const byAlice = await read(alice);
    expect(byAlice.body.data.attributes).toMatchObject({ likesCount: 1, likedByViewer: true });
    expect((await read(bruno)).body.data.attributes).toMatchObject({ likesCount: 1, likedByViewer: false });
    const visitor = await app.browser().call('GET', `${path}?minPosition=${position}`);
    expect(visitor.body.data.attributes.likedByViewer).toBe(false);

    const mine = await alice.browser.call(
      'GET',
      `/api/v1/likes?include=record&fields[test-notes]=title,likesCount&minPosition=${unliked.body.meta.position}`,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].relationships.record.data).toEqual({ type: 'test-notes', id });
    expect(mine.body.data[0].id).toBe(liked.body.data.id);
    expect(mine.body.included).toEqual([
      expect.objectContaining({ type: 'test-notes', id, attributes: { title: 'Ramp plans', likesCount: 1 } }),
    ]);
    const brunos = await bruno.browser.call('GET', `/api/v1/likes?minPosition=${unliked.body.meta.position}`);
    expect(brunos.body.data).toEqual([]);
  });

  it('refuses a visitor (401), and a record the member cannot read or that does not exist (404)', async () => {
    const { id } = await note('Draft', null);
    const hidden = await note('Members of level 2', PAST, 'member_level_2');
    const later = await note('Later', FUTURE);
    expect((await app.browser().call('POST', `/api/v1/test-notes/${id}/like`)).status).toBe(401);
    for (const target of [id, hidden.id, later.id, '5b6c0d2e-0000-4000-8000-000000000000', 'nope'])
      expect((await alice.browser.call('POST', `/api/v1/test-notes/${target}/like`)).status).toBe(404);
    // taking a like back always goes through (a record hidden since), and records nothing when there is none
    const back = await alice.browser.call('DELETE', `/api/v1/test-notes/${hidden.id}/like`);
    expect(back.status).toBe(200);
    expect((await app.browser().call('GET', '/api/v1/likes')).status).toBe(401);
    expect((await alice.browser.call('GET', '/api/v1/likes?filter[recordType]=coupons')).status).toBe(400);
  });
});

describe('the translatable trait', () => {
  it('writes in the edition locale and reads in the reader’s, falling back to the default text', async () => {
    const { id } = await note('Wheelchair maintenance', PAST);
    const path = `/test-notes/${id}`;
    const french = await app.admin(
      'PATCH',
      path,
      { data: { type: 'test-notes', id, attributes: { title: 'Entretien du fauteuil' } } },
      { 'Accept-Edition-Language': 'fr' },
    );
    expect(french.status, JSON.stringify(french.body)).toBe(200);
    const at = `?minPosition=${french.body.meta.position}`;

    const inFrench = await alice.browser.call('GET', `/api/v1${path}${at}`, {
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    });
    expect(inFrench.body.data.attributes).toMatchObject({
      title: 'Entretien du fauteuil',
      otherTranslationsLocales: ['en'],
    });
    const inSpanish = await alice.browser.call('GET', `/api/v1${path}${at}`, {
      headers: { 'Accept-Language': 'es' },
    });
    expect(inSpanish.body.data.attributes).toMatchObject({
      title: 'Wheelchair maintenance',
      otherTranslationsLocales: ['en', 'fr'],
    });
    // the default locale's own text is untouched, and the translation is kept beside it
    const inEnglish = await app.admin('GET', `${path}${at}`, undefined, { 'Accept-Language': 'en' });
    expect(inEnglish.body.data.attributes).toMatchObject({
      title: 'Wheelchair maintenance',
      translations: { fr: { title: 'Entretien du fauteuil' } },
      otherTranslationsLocales: ['fr'],
    });
    // an edit in the default locale changes the default text only
    const english = await app.admin(
      'PATCH',
      path,
      { data: { type: 'test-notes', id, attributes: { title: 'Wheelchair care' } } },
      { 'Accept-Edition-Language': 'en' },
    );
    const after = await alice.browser.call(
      'GET',
      `/api/v1${path}?minPosition=${english.body.meta.position}`,
      { headers: { 'Accept-Language': 'fr' } },
    );
    expect(after.body.data.attributes.title).toBe('Entretien du fauteuil');
    const history = await app.admin('GET', `${path}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(3);
  });
});
