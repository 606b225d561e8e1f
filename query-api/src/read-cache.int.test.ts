import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { startCmsTestApp, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

/**
 * Conditional requests and cache headers of the public reads (read-cache.ts), against real PostgreSQL and the
 * running projections: ETag / If-None-Match -> 304, Cache-Control and Vary, an answer that follows the writes,
 * minPosition honoured by a conditional request, and no 304 across viewers.
 */
let app: CmsTestApp;
let pageId: string;

interface Raw {
  status: number;
  headers: Headers;
  text: string;
}

async function get(path: string, options: { admin?: boolean; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.admin) headers.Authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
  const response = await fetch(`${app.baseUrl}/api/v1${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() } satisfies Raw;
}

/** Reads until `done` holds (bounded by attempts, not by time): the cache learns of a write asynchronously. */
async function eventually(read: () => Promise<Raw>, done: (r: Raw) => boolean, attempts = 200): Promise<Raw> {
  let last = await read();
  for (let i = 0; i < attempts && !done(last); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  app = await startCmsTestApp();
  const created = await app.call('POST', '/app-pages', {
    body: { data: { type: 'app-pages', attributes: { path: '/news', title: 'News' } } },
  });
  expect(created.status).toBe(201);
  pageId = created.body.data.id;
  const menu = await app.call('POST', '/app-menu-items', {
    body: {
      data: {
        type: 'app-menu-items',
        attributes: { name: 'News', position: 0 },
        relationships: { page: { data: { type: 'app-pages', id: pageId } } },
      },
    },
  });
  expect(menu.status).toBe(201);
  // every projection these tests read has applied the setup
  const ready = await app.read('/services/app-menu', { position: menu.body.meta.position });
  expect(ready.body.data.map((item: { name: string }) => item.name)).toEqual(['News']);
});

afterAll(async () => {
  await app?.close();
});

const PUBLIC_READS = [
  () => `/services/app-pages/${pageId}`,
  () => `/app-pages/${pageId}`,
  () => '/app-pages?page[size]=10',
  () => '/services/app-menu',
  () => '/app-environment',
];

describe('conditional public reads', () => {
  it.each(PUBLIC_READS.map((path, i) => [i, path] as const))(
    'read %i answers a strong ETag, no-cache and Vary: Cookie, Authorization; its ETag answers 304',
    async (_i, path) => {
      const first = await get(path());
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(first.headers.get('vary')).toMatch(/Cookie, Authorization/);
      expect(first.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);

      const again = await get(path(), { headers: { 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('vary')).toMatch(/Cookie, Authorization/);

      // a list of tags, weak or not, matches as RFC 9110 says; another tag does not
      expect((await get(path(), { headers: { 'If-None-Match': `"other", W/${etag}` } })).status).toBe(304);
      expect((await get(path(), { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    },
  );

  it('the same read answers the same bytes and ETag while nothing is written', async () => {
    const a = await get(`/services/app-pages/${pageId}`);
    const b = await get(`/services/app-pages/${pageId}`);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
  });

  it("a signed-in viewer's answer is private, and no viewer's ETag answers another viewer's read with 304", async () => {
    for (const path of [`/services/app-pages/${pageId}`, '/app-environment', '/services/app-menu']) {
      const anonymous = await get(path);
      const admin = await get(path, { admin: true });
      expect(admin.status).toBe(200);
      expect(admin.headers.get('cache-control')).toBe('private, no-cache');
      expect(admin.headers.get('vary')).toMatch(/Cookie, Authorization/);
      expect(admin.headers.get('etag')).not.toBe(anonymous.headers.get('etag'));

      const adminWithAnonymousTag = await get(path, {
        admin: true,
        headers: { 'If-None-Match': anonymous.headers.get('etag')! },
      });
      expect(adminWithAnonymousTag.status).toBe(200);
      expect(adminWithAnonymousTag.text).toBe(admin.text);
      const anonymousWithAdminTag = await get(path, {
        headers: { 'If-None-Match': admin.headers.get('etag')! },
      });
      expect(anonymousWithAdminTag.status).toBe(200);
      expect(anonymousWithAdminTag.text).toBe(anonymous.text);
    }
    // what differs is not only the tag: the environment hides its admin-only settings from the public
    const publicEnvironment = JSON.parse((await get('/app-environment')).text);
    const adminEnvironment = JSON.parse((await get('/app-environment', { admin: true })).text);
    expect(Object.keys(adminEnvironment.data.attributes)).toContain('integrationTemplates');
    expect(Object.keys(publicEnvironment.data.attributes)).not.toContain('integrationTemplates');
  });

  it('minPosition is honoured by a conditional request: the old ETag gets the written page, not a 304', async () => {
    const before = await get(`/services/app-pages/${pageId}`);
    const oldTag = before.headers.get('etag')!;
    expect(JSON.parse(before.text).data.attributes.title).toBe('News');

    const updated = await app.call('PATCH', `/app-pages/${pageId}`, {
      body: { data: { type: 'app-pages', id: pageId, attributes: { title: 'Latest news' } } },
    });
    expect(updated.status).toBe(200);
    const position: string = updated.body.meta.position;

    const withPosition: { path: string; headers: Record<string, string> }[] = [
      { path: `/services/app-pages/${pageId}?minPosition=${position}`, headers: {} },
      { path: `/services/app-pages/${pageId}`, headers: { 'X-Min-Position': position } },
    ];
    for (const { path, headers } of withPosition) {
      const after = await get(path, { headers: { ...headers, 'If-None-Match': oldTag } });
      expect(after.status).toBe(200);
      const document = JSON.parse(after.text);
      expect(document.data.attributes.title).toBe('Latest news');
      expect(document.meta.position).toBe(position);
      expect(document.meta.stale).toBeUndefined();
      expect(after.headers.get('etag')).not.toBe(oldTag);
      expect(after.headers.get('vary')).toMatch(/Cookie, Authorization/);

      // still conditional: its own ETag answers 304
      const again = await get(path, { headers: { ...headers, 'If-None-Match': after.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }

    // and once a read has waited for the write, the plain read (no minPosition) no longer answers the old page
    const plain = await get(`/services/app-pages/${pageId}`, { headers: { 'If-None-Match': oldTag } });
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.text).data.attributes.title).toBe('Latest news');
    expect(JSON.parse(plain.text).meta).toBeUndefined();
  });

  it('a cached answer follows the writes without minPosition (the projection checkpoint notification)', async () => {
    const menuBefore = await get('/services/app-menu');
    const listBefore = await get('/app-pages?page[size]=10');
    const created = await app.call('POST', '/app-pages', {
      body: { data: { type: 'app-pages', attributes: { path: '/events', title: 'Events' } } },
    });
    expect(created.status).toBe(201);
    const list = await eventually(
      () =>
        get('/app-pages?page[size]=10', { headers: { 'If-None-Match': listBefore.headers.get('etag')! } }),
      (r) => r.status === 200,
    );
    expect(list.status).toBe(200);
    expect(
      JSON.parse(list.text).data.map((p: { attributes: { path: string } }) => p.attributes.path),
    ).toContain('/events');
    expect(list.headers.get('etag')).not.toBe(listBefore.headers.get('etag'));

    const item = await app.call('POST', '/app-menu-items', {
      body: { data: { type: 'app-menu-items', attributes: { name: 'Events', position: 1 } } },
    });
    expect(item.status).toBe(201);
    const menu = await eventually(
      () => get('/services/app-menu'),
      (r) => r.text !== menuBefore.text,
    );
    expect(JSON.parse(menu.text).data.map((i: { name: string }) => i.name)).toEqual(['News', 'Events']);
  });

  it('errors stay errors: a missing page is a 404 and a bad parameter a 400, with no caching headers', async () => {
    const missing = await get('/services/app-pages/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    const bad = await get('/app-pages?page[size]=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBeNull();
  });
});
