import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

/**
 * An application administrator (app_admin without the admin role) edits the site's content: the reads show them
 * what they edit — drafts, pages and menu items restricted to others — as the command side lets them change it.
 * A member sees none of it.
 */
let app: AccountsTestApp;
let editor: Browser;
let member: Browser;
let pageId: string;
let draftId: string;
let restrictedId: string;
let hiddenItemId: string;

async function position(answer: { status: number; body: { meta?: { position?: string } } }) {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.meta!.position!;
}

beforeAll(async () => {
  app = await startAccountsApp();
  const editorId = (await createUser(app, { email: 'app-editor@example.test', firstName: 'Eda' })).id;
  await createUser(app, { email: 'member@example.test', firstName: 'Mem' });
  const granted = await app.admin('PATCH', `/users/${editorId}`, {
    data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: 'app_admin' }] } } },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  // a session reads its roles from the read model: the grant must have reached it before the editor acts
  const seen = await app.admin('GET', `/users/${editorId}?minPosition=${granted.body.meta.position}`);
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  editor = app.browser();
  expect((await signIn(editor, 'app-editor@example.test')).status).toBe(200);
  member = app.browser();
  expect((await signIn(member, 'member@example.test')).status).toBe(200);

  const page = await app.admin('POST', '/app-pages', {
    data: { type: 'app-pages', attributes: { path: '/editors-news', title: 'News' } },
  });
  await position(page);
  pageId = page.body.data.id;
  const draft = await editor.call('POST', `/api/v1/app-pages/${pageId}/draft`);
  await position(draft);
  draftId = draft.body.data.id;
  const restricted = await app.admin('POST', '/app-pages', {
    data: { type: 'app-pages', attributes: { path: '/rental-desk', title: 'Desk', roles: ['rental_admin'] } },
  });
  await position(restricted);
  restrictedId = restricted.body.data.id;
  const item = await app.admin('POST', '/app-menu-items', {
    data: { type: 'app-menu-items', attributes: { name: 'Rental desk', url: '/x', roles: ['rental_admin'] } },
  });
  const last = await position(item);
  hiddenItemId = item.body.data.id;
  // every later read waits for the projections to have reached the last write
  await app.admin('GET', `/app-environment?minPosition=${last}`);
});
afterAll(async () => {
  await app.close();
});

describe('what an application administrator reads', () => {
  it('opens a draft they made, and the page names its draft', async () => {
    const draft = await editor.call('GET', `/api/v1/app-pages/${draftId}`);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.attributes.isDraft).toBe(true);
    const resolved = await editor.call('GET', '/api/v1/services/routes/resolve?path=%2Feditors-news');
    expect(resolved.body.data.page.relationships.draftPage.data.id).toBe(draftId);
    const listed = await editor.call('GET', '/api/v1/app-pages?page[size]=100');
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([draftId, restrictedId]),
    );
  });

  it('opens a page restricted to another role, and finds the menu item hidden from them in the menu', async () => {
    expect((await editor.call('GET', `/api/v1/app-pages/${restrictedId}`)).status).toBe(200);
    const items = await editor.call('GET', '/api/v1/app-menu-items?page[size]=100');
    expect(items.body.data.map((i: { id: string }) => i.id)).toContain(hiddenItemId);
    // the rendered menu is still the one they would see as a visitor
    const menu = await editor.call('GET', '/api/v1/services/app-menu');
    expect(JSON.stringify(menu.body)).not.toContain('Rental desk');
  });

  it('a member gets none of it: the draft does not exist for them, the restricted page is forbidden', async () => {
    expect((await member.call('GET', `/api/v1/app-pages/${draftId}`)).status).toBe(404);
    expect((await member.call('GET', `/api/v1/app-pages/${restrictedId}`)).status).toBe(403);
    const items = await member.call('GET', '/api/v1/app-menu-items?page[size]=100');
    expect(items.body.data.map((i: { id: string }) => i.id)).not.toContain(hiddenItemId);
    const resolved = await member.call('GET', '/api/v1/services/routes/resolve?path=%2Feditors-news');
    expect(resolved.body.data.page.relationships).toBeUndefined();
  });
});
