import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterPreviewPath } from '@platform/contracts/newsletters/mailing-template';
import { defaultPublicUrl } from '@platform/infra/config';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { doc, many, one, PAST, person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * A newsletter's preview (seed 000 §2, GET /services/newsletters/preview/{id}): the mailing template as the letter
 * its readers get, one HTML document in tables with inline styles: the site's name, the image, the subject, the
 * introduction, the articles the reader may read in the template's order with links to their pages, the closing
 * text, the attachments and a footer; every plain value escaped, no script allowed; served under the template's
 * own `show` rule, answering as its find answers.
 */

let app: AccountsTestApp;
let filesDir: string;
let member: Person;
let appAdmin: Person;
/** the position the reads wait for: the last write's */
let position = '0';

/** who reads: a signed-in person, the bootstrap API token, or a visitor */
type Who = Person | 'token' | null;

const headersOf = (who: Who): Record<string, string> =>
  who === 'token'
    ? { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` }
    : who
      ? { Cookie: `atc_session=${who.browser.cookie()}` }
      : {};

/** A write of the back office (JSON:API, or a multipart upload), its position kept for the reads after it. */
async function write(who: Person, method: string, path: string, body?: unknown) {
  const multipart = body instanceof FormData;
  const response = await fetch(app.url(`/api/v1${path}`), {
    method,
    headers: {
      ...headersOf(who),
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/vnd.api+json' }),
    },
    body: body === undefined ? null : multipart ? body : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  const json = text ? (JSON.parse(text) as { data?: { id: string }; meta?: { position?: string } }) : {};
  position = json.meta?.position ?? response.headers.get('x-event-position') ?? position;
  return json;
}
const created = async (who: Person, path: string, body: unknown) =>
  (await write(who, 'POST', path, body)).data!.id;

/** An upload of the files API (POST /services/files), as the back office's file field sends it. */
async function upload(who: Person, bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return (await write(who, 'POST', '/services/files', form)).data!.id;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

interface Preview {
  status: number;
  headers: Headers;
  text: string;
}

async function preview(who: Who, id: string, headers: Record<string, string> = {}): Promise<Preview> {
  const response = await fetch(app.url(`${newsletterPreviewPath(id)}?minPosition=${position}`), {
    headers: { ...headersOf(who), ...headers },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** What the resource layer's find answers the same viewer for the same template. */
async function findStatus(who: Who, id: string): Promise<number> {
  const response = await fetch(app.url(`/api/v1/mailing-templates/${id}?minPosition=${position}`), {
    headers: headersOf(who),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A refusal is a JSON:API error document with the status it answers. */
function expectErrorDocument(answer: Preview, status: number) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/vnd.api+json');
  const body = JSON.parse(answer.text) as { errors: Array<{ status: string }> };
  expect(body.errors[0]?.status).toBe(String(status));
}

/** The headings of the letter's blocks (the articles' titles, then "Attachments"), in the document's order. */
const headingsOf = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);

/** A published article (or an unpublished one), written by the application administrator. */
const article = (title: string, attributes: Record<string, unknown> = {}) =>
  created(appAdmin, '/articles', doc('articles', { title, publishedAt: PAST, ...attributes }));

/** A mailing template naming the articles in this order. */
const template = (
  attributes: Record<string, unknown>,
  relationships: { articles?: string[]; image?: string | null; attachments?: string[] } = {},
) =>
  created(
    appAdmin,
    '/mailing-templates',
    doc('mailing-templates', attributes, {
      articles: many('articles', relationships.articles ?? []),
      ...(relationships.image ? { image: one('files', relationships.image) } : {}),
      ...(relationships.attachments ? { attachments: many('files', relationships.attachments) } : {}),
    }),
  );

const base = defaultPublicUrl();
let pagePath: string;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'newsletter-preview-'));
  app = await startAccountsApp({}, { files: { dir: filesDir } });
  member = await person(app, 'newsletter-member@example.org', { accessLevel: 'member_level_2' });
  appAdmin = await person(app, 'newsletter-app-admin@example.org', { roles: ['app_admin'] });
  // the page that shows the site's articles: an article's page is under it
  pagePath = `/news-${randomUUID().slice(0, 8)}`;
  const page = await created(appAdmin, '/app-pages', doc('app-pages', { path: pagePath, title: 'News' }));
  await created(
    appAdmin,
    '/app-page-components',
    doc('app-page-components', { name: 'articles', props: {} }, { page: one('app-pages', page) }),
  );
});
afterAll(async () => {
  await app?.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('a newsletter’s preview', () => {
  it('is the letter: the site, the image, the subject, the introduction, the readable articles in order, the closing text and the attachments', async () => {
    const ramps = await article('Ramps & rails', { shortDescription: 'Which ramp for which step.' });
    const switches = await article('First switch', { shortDescription: 'Starting with switch access.' });
    const keyguards = await article('Printed keyguards', {
      sections: [{ id: randomUUID(), title: 'One', content: '<p>Print a keyguard for a tablet.</p>' }],
    });
    const draft = await article('Not yet published', { publishedAt: null });
    const withdrawn = await article('Withdrawn guide');
    const image = await upload(appAdmin, await png(1600, 900), 'spring.png', {
      description: 'A ramp at a front door',
    });
    const guide = await upload(appAdmin, pdf(), 'Guide.pdf', { name: 'Spring guide' });
    const id = await template(
      {
        subject: 'Spring <script>alert(1)</script> news',
        introText: '<p>Hello <strong>readers</strong>, three guides this season.</p>',
        outroText: '<p>See you <em>next month</em>.</p>',
      },
      { articles: [switches, draft, ramps, withdrawn, keyguards], image, attachments: [guide] },
    );
    // an article the letter names, soft-deleted since
    await write(appAdmin, 'POST', `/articles/${withdrawn}/soft-delete`);

    const answer = await preview(appAdmin, id);
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'none';/);
    expect(policy).not.toMatch(/script-src|'unsafe-eval'/);
    expect(policy).toContain("style-src 'unsafe-inline'");

    const html = answer.text;
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain('max-width:600px');
    expect(html).not.toMatch(/<style|<link|<script/i);
    // the subject escaped, as the heading and the title
    expect(html).toContain('<title>Spring &lt;script&gt;alert(1)&lt;/script&gt; news</title>');
    expect(html).toMatch(/<h1[^>]*>Spring &lt;script&gt;alert\(1\)&lt;\/script&gt; news<\/h1>/);
    // the site's name on top (APP_NAME), linked to its public address
    expect(html).toMatch(new RegExp(`<a href="${base}/"[^>]*>[^<]+</a>`));
    // the image: its preview variant (800 × 450), shown at the letter's width, its description as alt
    const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toMatch(
      new RegExp(`src="${base}/api/v1/services/files/${image}/content/[0-9a-f]{64}\\.webp"`),
    );
    expect(img).toContain('alt="A ramp at a front door"');
    expect(img).toContain('width="600"');
    expect(img).toContain('height="338"');
    // the rich texts as written, the introduction before the articles, the closing text after them
    const at = (text: string) => html.indexOf(text);
    expect(at('<strong>readers</strong>')).toBeGreaterThan(at('<h1'));
    expect(at('<strong>readers</strong>')).toBeLessThan(at('First switch'));
    expect(at('<em>next month</em>')).toBeGreaterThan(at('Printed keyguards'));
    // the articles the reader may read, in the template's order: not the draft, not the soft-deleted one
    expect(headingsOf(html)).toEqual([
      'First switch',
      'Ramps &amp; rails',
      'Printed keyguards',
      'Attachments',
    ]);
    expect(html).not.toContain('Not yet published');
    expect(html).not.toContain('Withdrawn guide');
    expect(html).toContain('Which ramp for which step.');
    // an article without a short description is told by its first section's text
    expect(html).toContain('Print a keyguard for a tablet.');
    // each links to its page under the page that shows the articles, absolute
    for (const [articleId, title] of [
      [switches, 'First switch'],
      [ramps, 'Ramps &amp; rails'],
      [keyguards, 'Printed keyguards'],
    ])
      expect(html).toContain(
        `<a href="${base}${pagePath}/${articleId}" aria-label="Read the article: ${title}"`,
      );
    expect(html.match(/>Read the article<\/a>/g)).toHaveLength(3);
    expect(html).not.toContain(draft);
    expect(html).not.toContain(withdrawn);
    // the attachment, linked to its content
    expect(html).toMatch(
      new RegExp(
        `<a href="${base}/api/v1/services/files/${guide}/content/[0-9a-f]{64}\\.pdf"[^>]*>Spring guide</a>`,
      ),
    );
    expect(at('Spring guide')).toBeGreaterThan(at('<em>next month</em>'));
    expect(html).toMatch(/You receive this newsletter from [^<]+\./);

    // in the reader's language: its lang, the layout's words and the articles' translations
    await write(
      appAdmin,
      'PATCH',
      `/articles/${switches}`,
      doc('articles', { translations: { fr: { title: 'Premier contacteur' } } }, undefined, switches),
    );
    const french = await preview(appAdmin, id, { 'Accept-Language': 'fr' });
    expect(french.status).toBe(200);
    expect(french.headers.get('vary') ?? '').toMatch(/accept-language/i);
    expect(french.text).toMatch(/<html lang="fr"/);
    expect(headingsOf(french.text)).toEqual([
      'Premier contacteur',
      'Ramps &amp; rails',
      'Printed keyguards',
      'Pièces jointes',
    ]);
    expect(french.text).toContain('>Lire l’article</a>');
  });

  it('leaves out what the letter has not, and links no article no page shows', async () => {
    const id = await template({ subject: 'Only words' });
    const answer = await preview('token', id);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<img');
    expect(headingsOf(answer.text)).toEqual([]);
    expect(answer.text).toMatch(/<h1[^>]*>Only words<\/h1>/);
  });

  it('is refused to a visitor (401) and to a member without the role (403), as the template’s find refuses them', async () => {
    const id = await template({ subject: 'For the back office' });
    expect((await preview(appAdmin, id)).status).toBe(200);
    expect((await preview('token', id)).status).toBe(200);
    expectErrorDocument(await preview(null, id), 401);
    expect(await findStatus(null, id)).toBe(401);
    expectErrorDocument(await preview(member, id), 403);
    expect(await findStatus(member, id)).toBe(403);
  });

  it('answers 404 for an unknown id and a malformed one, never 500', async () => {
    expectErrorDocument(await preview(appAdmin, randomUUID()), 404);
    expectErrorDocument(await preview(appAdmin, 'not-an-id'), 404);
    expect(await findStatus(appAdmin, 'not-an-id')).toBe(404);
    for (const odd of ['%E0%A4%A', '..%2F..%2Fusers', "1'%20or%20'1'='1", 'x'.repeat(2000)]) {
      const answer = await preview(appAdmin, odd);
      expect(answer.status, odd).toBeGreaterThanOrEqual(400);
      expect(answer.status, odd).toBeLessThan(500);
    }
  });

  it('of a soft-deleted template is found as its find finds it', async () => {
    const id = await template({ subject: 'Withdrawn letter' });
    await write(appAdmin, 'POST', `/mailing-templates/${id}/soft-delete`);
    const answer = await preview(appAdmin, id);
    expect(answer.status).toBe(await findStatus(appAdmin, id));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Withdrawn letter');
    expectErrorDocument(await preview(member, id), 403);
  });
});
