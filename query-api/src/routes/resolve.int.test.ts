import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

let app: CmsTestApp;
let last = '0';
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

async function command(method: string, path: string, body: unknown): Promise<Answer> {
  const answer = await app.call(method, path, { body });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  last = answer.body.meta.position;
  return answer;
}
const page = (attributes: Record<string, unknown>) =>
  command('POST', '/app-pages', { data: { type: 'app-pages', attributes } });
const component = (pageId: string, attributes: Record<string, unknown>) =>
  command('POST', '/app-page-components', {
    data: {
      type: 'app-page-components',
      attributes,
      relationships: { page: { data: { type: 'app-pages', id: pageId } } },
    },
  });
const resolve = (search: string, as: 'admin' | 'anonymous' = 'anonymous') =>
  app.read(`/services/routes/resolve?${search}`, { position: last, as });

describe('route resolver', () => {
  let team: string;

  beforeAll(async () => {
    team = (await page({ path: '/about/team', title: 'Team' })).body.data.id;
    await component(team, { name: 'title', props: { title: 'Second' }, position: 0 });
    await component(team, { name: 'title', props: { title: 'First' }, position: 0 });
    await page({ path: '/members', title: 'Members', requiresAuth: true });
    await page({ path: '/level-two', title: 'Level 2', accessLevel: 'member_level_2' });
    await page({ path: '/home', title: 'Home', isDefault: true });
    await command('POST', '/app-redirections', {
      data: { type: 'app-redirections', attributes: { fromPath: '/old-team', toPath: '/about/team' } },
    });
  });

  it('resolves a page with its components in order, collapsing double slashes and a trailing slash', async () => {
    for (const path of ['/about/team', '//about//team/', 'about/team']) {
      const answer = await resolve(`path=${encodeURIComponent(path)}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.kind).toBe('page');
      expect(answer.body.data.page).toMatchObject({
        type: 'app-pages',
        id: team,
        attributes: { title: 'Team' },
      });
      expect(
        answer.body.data.components.map(
          (c: { attributes: { props: { title: string } } }) => c.attributes.props.title,
        ),
      ).toEqual(['First', 'Second']);
    }
  });

  it("answers a component's props as the contract reads them, and leaves out one that no longer parses", async () => {
    const shown = await page({ path: '/shown', title: 'Shown' });
    const id = shown.body.data.id;
    await component(id, { name: 'title', props: { title: 'Kept' }, position: 0 });
    const stale = await component(id, { name: 'title', props: { title: 'Stale' }, position: 1 });
    await component(id, { name: 'title', props: { title: 'After' }, position: 2 });
    expect((await resolve('path=/shown')).body.data.components).toHaveLength(3); // the projection has them
    // props a former contract accepted and this one refuses (a level past 6), as they lie in the read model
    await app.sql`update read.app_page_components set props = ${app.sql.json({ title: 'Stale', level: 12 })}
       where id = ${stale.body.data.id}`;
    const answer = await resolve('path=/shown');
    expect(answer.status).toBe(200);
    const components = answer.body.data.components.map(
      (c: { attributes: { position: number; props: Record<string, unknown> } }) => c.attributes,
    );
    expect(components.map((c: { props: { title: string } }) => c.props.title)).toEqual(['Kept', 'After']);
    // the defaults the contract fills in (contracts/src/pages/components.ts), the stored position kept
    expect(components[0]).toMatchObject({
      position: 0,
      props: { title: 'Kept', level: 2, alignment: 'left', inverseBackground: false },
    });
    expect(components[1].position).toBe(2);
  });

  it('leads a short URL to its target, and answers 404 for an unknown token', async () => {
    await command('POST', '/app-short-urls', {
      data: { type: 'app-short-urls', attributes: { token: 'fair-2026', url: '/about/team' } },
    });
    const known = await resolve('path=/s/fair-2026&query=utm=mail');
    expect(known.status).toBe(200);
    expect(known.body.data).toMatchObject({ kind: 'redirect', location: '/about/team?utm=mail' });
    expect((await resolve('path=/s/nothing-here')).status).toBe(404);
  });

  it('redirects with the query string kept', async () => {
    const answer = await resolve(`path=/old-team/&query=${encodeURIComponent('tab=2&lang=fr')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: 'redirect', location: '/about/team?tab=2&lang=fr' });
    const plain = await resolve('path=/old-team');
    expect(plain.body.data.location).toBe('/about/team');
  });

  it('answers 403 for a page the viewer may not open, and the page to the admin', async () => {
    for (const path of ['/members', '/level-two']) {
      const anonymous = await resolve(`path=${path}`);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.errors[0]).toMatchObject({
        code: 'auth.forbidden',
        detail: 'app page cannot be accessed, unauthorized',
      });
      expect((await resolve(`path=${path}`, 'admin')).status).toBe(200);
    }
  });

  it('falls back to the default page at the root', async () => {
    const answer = await resolve('path=/');
    expect(answer.body.data.page.attributes).toMatchObject({ path: '/home', isDefault: true });
  });

  it('answers 404 for nothing published there, and for a deleted page', async () => {
    expect((await resolve('path=/nowhere')).status).toBe(404);
    const gone = await page({ path: '/gone', title: 'Gone' });
    await command('DELETE', `/app-pages/${gone.body.data.id}`, undefined);
    const answer = await resolve('path=/gone');
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0].code).toBe('not_found');
  });

  it('answers 400 for a missing or malformed path, never a 500', async () => {
    expect((await resolve('')).status).toBe(400);
    expect((await resolve('path=')).status).toBe(400);
    expect((await resolve('path=/a&path=/b')).status).toBe(400);
    expect((await resolve(`path=${encodeURIComponent('http://evil.example/x')}`)).status).toBe(400);
    expect((await resolve(`path=/%E0%A4%A`)).status).toBeLessThan(500);
    expect((await resolve(`path=/${'x'.repeat(3000)}`)).status).toBe(400);
  });
});
