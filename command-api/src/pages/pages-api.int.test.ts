import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  componentDocument,
  pageDocument,
  startPagesApi,
  type PagesApi,
} from '@platform/tests/support/apps/pages-api';

let api: PagesApi;
beforeAll(async () => {
  api = await startPagesApi();
});
afterAll(async () => {
  await api.close();
});

const createPage = async (attributes: Record<string, unknown>) => {
  const answer = await api.send('POST', '/app-pages', pageDocument({ title: 'Page', ...attributes }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { data: { id: string }; meta: { position: string; version: string } };
};
const addComponent = async (pageId: string, attributes: Record<string, unknown>) => {
  const answer = await api.send('POST', '/app-page-components', componentDocument(pageId, attributes));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { data: { id: string }; meta: { position: string; version: string } };
};

describe('pages API: a page from creation to a published draft', () => {
  it('creates a page, adds components, makes a draft, edits and publishes it', async () => {
    const created = await createPage({ path: '//about//', title: 'About', roles: [] });
    const pageId = created.data.id;
    expect(created.meta.version).toBe('0');

    const read = await api.send('GET', `/app-pages/${pageId}?minPosition=${created.meta.position}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      type: 'app-pages',
      id: pageId,
      attributes: { path: '/about', title: 'About', isDraft: false, requiresAuth: false, deletedAt: null },
      relationships: { components: { data: [] }, draftPage: { data: null } },
      meta: { version: '0' },
    });
    expect(read.body.meta).toEqual({ position: created.meta.position });

    const hero = await addComponent(pageId, { name: 'hero', props: { title: 'Welcome' } });
    const contact = await addComponent(pageId, { name: 'contact', viewId: 'contact' });
    const title = await addComponent(pageId, { name: 'title', position: 0, props: { title: 'About us' } });
    const service = await api.send('GET', `/services/app-pages/${pageId}?minPosition=${title.meta.position}`);
    expect(service.status).toBe(200);
    expect(service.body.data.id).toBe(pageId);
    expect(service.body.data.meta.version).toBe('3');
    expect(service.body.included.map((c: { id: string }) => c.id)).toEqual([
      title.data.id,
      hero.data.id,
      contact.data.id,
    ]);
    expect(service.body.included[2]).toMatchObject({
      type: 'app-page-components',
      attributes: {
        name: 'contact',
        position: 2,
        sectionId: 'contact',
        props: {
          contactUsPath: '/contact-us',
          newsletterPath: '/newsletter/subscribe',
          inverseBackground: false,
        },
      },
      relationships: { page: { data: { type: 'app-pages', id: pageId } } },
    });

    // PATCH and DELETE find the component's page in the read model when the body does not name it
    const moved = await api.send('PATCH', `/app-page-components/${title.data.id}`, {
      data: {
        type: 'app-page-components',
        id: title.data.id,
        attributes: { position: 2, props: { title: 'Us' } },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const removed = await api.send('DELETE', `/app-page-components/${hero.data.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const components = await api.send(
      'GET',
      `/app-page-components?filter[page]=${pageId}&minPosition=${removed.body.meta.position}`,
    );
    expect(
      components.body.data.map((c: { id: string; attributes: { position: number } }) => [
        c.id,
        c.attributes.position,
      ]),
    ).toEqual([
      [contact.data.id, 0],
      [title.data.id, 1],
    ]);
    expect(components.body.data[1].attributes.props.title).toBe('Us');

    const draft = await api.send('POST', `/app-pages/${pageId}/draft`);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const draftId = draft.body.data.id as string;
    expect(draftId).not.toBe(pageId);

    const unchanged = await api.send('POST', `/services/app-pages/${draftId}/publish`);
    expect(unchanged.status).toBe(409);
    expect(unchanged.body.errors[0].code).toBe('conflict.draft_unchanged');

    const drafts = await api.send(
      'GET',
      `/app-pages?filter[isDraft]=true&include=components&minPosition=${draft.body.meta.position}`,
    );
    expect(drafts.body.data).toHaveLength(1);
    expect(drafts.body.data[0]).toMatchObject({
      id: draftId,
      attributes: { isDraft: true, path: '/about' },
      relationships: { draftOfPage: { data: { type: 'app-pages', id: pageId } } },
    });
    expect(drafts.body.included).toHaveLength(2);
    expect(drafts.body.included.map((c: { id: string }) => c.id)).not.toContain(contact.data.id);
    expect((await api.send('GET', `/app-pages/${draftId}`, undefined, anonymous)).status).toBe(404);

    const edited = await api.send(
      'PATCH',
      `/app-pages/${draftId}`,
      pageDocument({ title: 'About (new)' }, draftId),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const published = await api.send('POST', `/services/app-pages/${draftId}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toEqual({ type: 'app-pages', id: pageId });

    const after = await api.send(
      'GET',
      `/services/app-pages/${pageId}?minPosition=${published.body.meta.position}`,
    );
    expect(after.body.data.attributes.title).toBe('About (new)');
    expect(after.body.data.relationships.draftPage.data).toBeNull();
    expect(after.body.included.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual([
      'contact',
      'title',
    ]);
    expect((await api.send('GET', `/app-pages/${draftId}`)).status).toBe(404);

    const environment = await api.store.readStream('environment-main');
    expect(
      environment.map((e) => (e.data as { reason: { resourceType: string } }).reason.resourceType),
    ).toEqual([
      'app-pages', // created
      'app-page-components', // three added, one moved, one removed
      'app-page-components',
      'app-page-components',
      'app-page-components',
      'app-page-components',
      'app-pages', // the draft published into the page; the draft's own edit recorded nothing
    ]);
  });
});

describe('pages API: what a visitor may see', () => {
  it('answers 403 for a page the visitor may not open, and leaves it out of lists', async () => {
    const members = await createPage({ path: '/members', requiresAuth: true, accessLevel: 'member_level_1' });
    const open = await createPage({ path: '/open' });
    const forbidden = await api.send(
      'GET',
      `/app-pages/${members.data.id}?minPosition=${open.meta.position}`,
      undefined,
      anonymous,
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errors[0]).toMatchObject({
      code: 'auth.forbidden',
      detail: 'app page cannot be accessed, unauthorized',
    });
    expect(
      (await api.send('GET', `/services/app-pages/${members.data.id}`, undefined, anonymous)).status,
    ).toBe(403);
    const list = await api.send('GET', '/app-pages?sort=path', undefined, anonymous);
    const paths = list.body.data.map((p: { attributes: { path: string } }) => p.attributes.path);
    expect(paths).toContain('/open');
    expect(paths).not.toContain('/members');
    const admin = await api.send('GET', `/app-pages?filter[path]=/members/`);
    expect(admin.body.data.map((p: { id: string }) => p.id)).toEqual([members.data.id]);
    expect(admin.body.data[0].attributes.accessLevelWeight).toBe(300);
  });

  it('hides a soft-deleted page from visitors (404) but not from administrators, and frees its path', async () => {
    const page = await createPage({ path: '/old-news' });
    const deleted = await api.send('DELETE', `/app-pages/${page.data.id}`);
    expect(deleted.status).toBe(200);
    const visitor = await api.send(
      'GET',
      `/app-pages/${page.data.id}?minPosition=${deleted.body.meta.position}`,
      undefined,
      anonymous,
    );
    expect(visitor.status).toBe(404);
    const admin = await api.send('GET', `/app-pages/${page.data.id}`);
    expect(admin.status).toBe(200);
    expect(admin.body.data.attributes.deletedAt).toEqual(expect.any(String));
    await createPage({ path: '/old-news' });
  });

  it('moves a path claim with the page: the old path is free, the new one taken', async () => {
    const page = await createPage({ path: '/team' });
    const moved = await api.send('PATCH', `/app-pages/${page.data.id}`, pageDocument({ path: '/our-team' }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await createPage({ path: '/team' });
    const taken = await api.send('POST', '/app-pages', pageDocument({ title: 'x', path: '/our-team/' }));
    expect(taken.status).toBe(409);
  });
});
