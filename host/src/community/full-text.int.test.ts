import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, ids, PAST } from '@platform/tests/support/layer-test-types';

/**
 * Full-text search over repository items (issue 21 G7, `searchMode: 'fullText'`): the reader's locale's
 * configuration with unaccent, so that an accented query finds unaccented text and the other way round, in the
 * default locale's text and in a translation; ranked unless a sort is asked for; only what the reader may read.
 */
let app: AccountsTestApp;
let position = '0';

const noted = (answer: Answer): Answer => {
  expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
  position = answer.body.meta.position as string;
  return answer;
};
const after = (path: string) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;

/** An item, published unless told otherwise, with its French text when given. */
async function item(
  attributes: { title: string; description: string; publishedAt?: string | null },
  french?: { title: string; description: string },
  on: AccountsTestApp = app,
): Promise<string> {
  const made = noted(
    await on.admin(
      'POST',
      '/repository-items',
      doc('repository-items', { publishedAt: PAST, ...attributes }),
    ),
  );
  const id = made.body.data.id as string;
  if (french)
    noted(
      await app.admin('PATCH', `/repository-items/${id}`, doc('repository-items', french, undefined, id), {
        'Accept-Edition-Language': 'fr',
      }),
    );
  return id;
}

/** The ids a search answers, read in a locale. */
async function search(
  query: string,
  locale: 'en' | 'fr',
  extra = '',
  on: AccountsTestApp = app,
): Promise<string[]> {
  const answer = await on.admin(
    'GET',
    after(`/repository-items?filter[search]=${encodeURIComponent(query)}${extra}`),
    undefined,
    { 'Accept-Language': locale },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ids(answer);
}

beforeAll(async () => {
  app = await startAccountsApp({});
});
afterAll(async () => {
  await app?.close();
});

describe('full-text search of repository items', () => {
  it('has an unaccented configuration for every locale on the database', async () => {
    const db = postgres(app.databaseUrl, { max: 1 });
    try {
      const rows = await db<{ cfgname: string }[]>`select cfgname from pg_ts_config`;
      const names = new Set(rows.map((r) => r.cfgname));
      for (const config of Object.values(SEARCH_CONFIGS)) expect(names).toContain(unaccentConfig(config));
      const [folded] = await db<{ folded: string }[]>`
        select to_tsvector('public.french_unaccent', 'Fauteuils électriques')::text as folded`;
      expect(folded?.folded).toBe("'electr':2 'fauteuil':1");
    } finally {
      await db.end();
    }
  });

  it('finds accented text by an unaccented query and the other way round, in English and in French', async () => {
    const wheelchair = await item(
      {
        title: 'Powered wheelchair tray',
        description: '<p>Clips onto the armrest of a <b>café</b> chair.</p>',
      },
      { title: 'Tablette de fauteuil électrique', description: '<p>Se fixe sur l’accoudoir.</p>' },
    );
    const remote = await item(
      { title: 'Naive remote holder', description: '<p>Keeps the remote within reach.</p>' },
      { title: 'Support de telecommande', description: '<p>Garde la telecommande a portee de main.</p>' },
    );
    const clamp = await item({ title: 'Table clamp', description: '<p>For a cafe table.</p>' });

    // English, the default locale's text: accents folded both ways
    expect((await search('cafe', 'en')).sort()).toEqual([wheelchair, clamp].sort());
    expect((await search('café', 'en')).sort()).toEqual([wheelchair, clamp].sort());
    expect(await search('naïve', 'en')).toEqual([remote]);
    // French, the translations: "electrique" finds "électrique", "télécommande" finds "telecommande", stemmed
    expect(await search('electrique', 'fr')).toEqual([wheelchair]);
    expect(await search('fauteuils électriques', 'fr')).toEqual([wheelchair]);
    expect(await search('télécommande', 'fr')).toEqual([remote]);
    // web search syntax: a phrase, an exclusion; nothing for a word no item has
    expect(await search('"table clamp"', 'en')).toEqual([clamp]);
    expect(await search('cafe -clamp', 'en')).toEqual([wheelchair]);
    expect(await search('gearbox', 'en')).toEqual([]);
  });

  it('ranks the better match first unless a sort is asked for, and keeps to what the reader may read', async () => {
    const once = await item({ title: 'Switch mount', description: '<p>Holds one joystick switch.</p>' });
    const often = await item({
      title: 'Joystick knob',
      description: '<p>A joystick knob for every joystick: soft joystick grips.</p>',
      // the oldest: last by the default sort (publishedAt, newest first), first by rank
      publishedAt: '1999-01-01T00:00:00.000Z',
    });
    const draft = await item({
      title: 'Joystick draft',
      description: '<p>Not published yet.</p>',
      publishedAt: null,
    });
    // the knob names the word four times, the others once each
    const ranked = await search('joystick', 'en');
    expect(ranked[0]).toBe(often);
    expect(ranked.slice(1).sort()).toEqual([once, draft].sort());
    expect(await search('joystick', 'en', '&sort=title')).toEqual([draft, often, once]);
    const visitor = await app
      .browser()
      .call('GET', after('/api/v1/repository-items?filter[search]=joystick&sort=-title'));
    expect(visitor.status).toBe(200);
    expect(ids(visitor)).toEqual([once, often]);
    expect(visitor.body.meta.total).toBe(2);
  });
});

describe('a platform whose records are written in French (DEFAULT_LOCALE=fr)', () => {
  let french: AccountsTestApp;
  beforeAll(async () => {
    french = await startAccountsApp({}, { defaultLocale: 'fr' });
  });
  afterAll(async () => {
    await french?.close();
  });

  it('indexes the records’ own text with the French configuration, not the English one', async () => {
    const text = { title: 'Coussin chaleureux', description: '<p>Une housse douce.</p>' };
    const there = await item(text, undefined, french);
    // French stems "chaleureux" and "chaleur" alike (chaleur); English keeps "chaleureux" whole
    expect(await search('chaleur', 'fr', '', french)).toEqual([there]);
    const here = await item(text);
    expect(await search('chaleur', 'fr')).not.toContain(here);
  });
});
