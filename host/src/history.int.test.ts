import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

type Entry = {
  attributes: {
    eventType: string;
    kind: string | null;
    changes: Array<{ field: string; before: unknown; after: unknown }>;
  };
};

describe('the history of hand-written records', () => {
  it('shows a page’s changes, newest first, and the page as it was', async () => {
    const created = await app.admin('POST', '/app-pages', {
      data: { type: 'app-pages', attributes: { path: '/history-news', title: 'News' } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const updated = await app.admin('PATCH', `/app-pages/${id}`, {
      data: { type: 'app-pages', id, attributes: { title: 'Latest news' } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const history = await app.admin('GET', `/app-pages/${id}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.data as Entry[];
    expect(entries.map((e) => e.attributes.eventType)).toEqual(['AppPageUpdated', 'AppPageCreated']);
    expect(entries.map((e) => e.attributes.kind)).toEqual(['updated', 'created']);
    expect(entries[0]!.attributes.changes).toEqual([
      { field: 'title', before: 'News', after: 'Latest news' },
    ]);
    const first = await app.admin('GET', `/app-pages/${id}/history/0`);
    expect(first.body.data.attributes).toMatchObject({ title: 'News', path: '/history-news' });
    expect(first.body.data.meta).toMatchObject({ revision: '0', exists: true });
  });

  it('shows a menu item’s own entries only, in the shared menu stream', async () => {
    const one = await app.admin('POST', '/app-menu-items', {
      data: { type: 'app-menu-items', attributes: { name: 'One', url: '/one' } },
    });
    const two = await app.admin('POST', '/app-menu-items', {
      data: { type: 'app-menu-items', attributes: { name: 'Two', url: '/two' } },
    });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const id = one.body.data.id as string;
    const moved = await app.admin('POST', `/app-menu-items/${id}/move`, { parent: null, position: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const history = await app.admin('GET', `/app-menu-items/${id}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.data as Entry[];
    expect(entries.map((e) => e.attributes.eventType)).toEqual(['AppMenuItemMoved', 'AppMenuItemCreated']);
    expect(entries.map((e) => e.attributes.kind)).toEqual(['moved', 'created']);
  });

  it('shows a user’s history to administrators only, never a secret', async () => {
    const user = await createUser(app, { email: 'audited@example.test', firstName: 'Ada' });
    const history = await app.admin('GET', `/users/${user.id}/history`);
    expect(history.status).toBe(200);
    const text = JSON.stringify(history.body);
    expect(text).not.toMatch(/passwordHash|totpSecret|recoveryCodeHashes|\$argon2/);
    expect(text).toContain('"hasPassword"');
    const asItWas = await app.admin('GET', `/users/${user.id}/history/0`);
    expect(asItWas.body.data.attributes).toMatchObject({ firstName: 'Ada', email: 'audited@example.test' });
    expect(JSON.stringify(asItWas.body)).not.toMatch(/argon2|passwordHash/);

    const member = app.browser();
    expect((await signIn(member, 'audited@example.test', 'correct horse battery')).status).toBe(200);
    expect((await member.call('GET', `/api/v1/users/${user.id}/history`)).status).toBe(403);
    expect((await fetch(app.url(`/api/v1/users/${user.id}/history`))).status).toBe(401);
    expect((await app.admin('GET', '/users/0a000000-0000-4000-8000-0000000000aa/history')).status).toBe(404);
    expect((await app.admin('GET', `/users/${user.id}/history/99`)).status).toBe(404);
    expect(
      (await app.admin('GET', '/unknown-things/0a000000-0000-4000-8000-0000000000aa/history')).status,
    ).toBe(404);
  });
});
