import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PATH_SCOPE, uniqueValueStreamId } from '@platform/command-api/claims/unique-values';
import type { EventMetadata } from '@platform/contracts/metadata';
import { PostgresEventStore } from '@platform/infra/event-store';
import {
  createUser,
  signIn,
  grantRoles,
  type AccountsTestApp,
  type Browser,
  startAccountsApp,
} from '@platform/tests/support/apps/accounts-app';

/**
 * Redirections moved onto the resource layer: a database written by the hand-written module (version-1 events,
 * path claims held by `app-redirection` owners) keeps its redirections, their history and their claims; the
 * generic history and roles apply to them like to any resource.
 */
let app: AccountsTestApp;
let legacy: PostgresEventStore;
let editor: Browser;
let editorId: string;
beforeAll(async () => {
  app = await startAccountsApp();
  // a store without contracts appends payloads as they are, the way the old module's events sit in the log
  legacy = new PostgresEventStore({ sql: app.platform.sql });
  editorId = (await createUser(app, { email: 'editor@example.test', firstName: 'Edith', lastName: 'Tor' }))
    .id;
  await grantRoles(app, editorId, ['app_admin']);
  editor = app.browser();
  expect((await signIn(editor, 'editor@example.test')).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

async function appendLegacy(streamId: string, type: string, data: unknown): Promise<string> {
  const eventId = randomUUID();
  const metadata: EventMetadata = {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: editorId, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: app.now().toISOString(),
    schemaVersion: 1,
  };
  const { position } = await legacy.appendToStream(streamId, [{ eventId, type, data, metadata }]);
  return position.toString();
}
/** What the old module appended for a create: the claim of the from path, then the redirection. */
async function legacyRedirection(id: string, fromPath: string, toPath: string, name: string | null = null) {
  await appendLegacy(uniqueValueStreamId(SITE_PATH_SCOPE, fromPath), 'PathClaimed', {
    path: fromPath,
    owner: { type: 'app-redirection', id },
  });
  return appendLegacy(`redirection-${id}`, 'AppRedirectionCreated', { id, name, fromPath, toPath });
}
const api = (browser: Browser, method: string, path: string, body?: unknown, position?: string) =>
  browser.call(method, `/api/v1${path}`, {
    ...(body !== undefined ? { body } : {}),
    ...(position ? { headers: { 'X-Min-Position': position } } : {}),
  });
const page = (path: string) =>
  api(editor, 'POST', '/app-pages', { data: { type: 'app-pages', attributes: { path, title: path } } });

describe('redirections stored before the resource layer', () => {
  it('are listed, found, followed, changed and deleted through the layer, their claims with them', async () => {
    const id = randomUUID();
    const position = await legacyRedirection(id, '/legacy-old', '/about', 'Former page');
    const visitor = app.browser();
    const found = await api(visitor, 'GET', `/app-redirections/${id}`, undefined, position);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.attributes).toMatchObject({
      name: 'Former page',
      displayName: 'Former page',
      fromPath: '/legacy-old',
      toPath: '/about',
    });
    const resolved = await api(visitor, 'GET', '/services/routes/resolve?path=/legacy-old&query=ref%3Dx');
    expect(resolved.body.data).toMatchObject({
      kind: 'redirect',
      location: '/about?ref=x',
      redirectionId: id,
    });

    // the claim the old module made still guards the path against pages
    expect((await page('/legacy-old')).status).toBe(409);

    const renamed = await api(editor, 'PATCH', `/app-redirections/${id}`, {
      data: { type: 'app-redirections', id, attributes: { name: null, toPath: '/about/us' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.meta.version).toBe('1');

    const history = await api(editor, 'GET', `/app-redirections/${id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.map((e: { attributes: { kind: string } }) => e.attributes.kind)).toEqual([
      'updated',
      'created',
    ]);
    expect(history.body.data[0].attributes.changes).toEqual([
      { field: 'name', before: 'Former page', after: null },
      { field: 'toPath', before: '/about', after: '/about/us' },
    ]);
    expect(history.body.data[1].attributes.actor.userId).toBe(editorId);
    expect(history.body.included).toEqual([
      expect.objectContaining({ type: 'users', id: editorId, attributes: { fullName: 'Edith Tor' } }),
    ]);
    const asItWas = await api(editor, 'GET', `/app-redirections/${id}/history/0`);
    expect(asItWas.body.data.attributes).toEqual({
      name: 'Former page',
      fromPath: '/legacy-old',
      toPath: '/about',
    });

    const deleted = await api(editor, 'DELETE', `/app-redirections/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // the layer releases the claim the old module made: the path is free for a page now
    expect((await page('/legacy-old')).status).toBe(201);
  });

  it('keeps a redirection the old module deleted out of the lists, with its history', async () => {
    const id = randomUUID();
    await legacyRedirection(id, '/legacy-gone', '/about');
    await appendLegacy(uniqueValueStreamId(SITE_PATH_SCOPE, '/legacy-gone'), 'PathReleased', {
      path: '/legacy-gone',
      owner: { type: 'app-redirection', id },
    });
    const position = await appendLegacy(`redirection-${id}`, 'AppRedirectionDeleted', {
      id,
      fromPath: '/legacy-gone',
    });
    const list = await api(
      editor,
      'GET',
      '/app-redirections?filter[fromPath]=/legacy-gone',
      undefined,
      position,
    );
    expect(list.body.meta.total).toBe(0);
    expect((await api(editor, 'GET', `/app-redirections/${id}`)).status).toBe(404);
    const history = await api(editor, 'GET', `/app-redirections/${id}/history`);
    expect(history.body.data.map((e: { attributes: { kind: string } }) => e.attributes.kind)).toEqual([
      'deleted',
      'created',
    ]);
    const made = await api(editor, 'POST', '/app-redirections', {
      data: { type: 'app-redirections', attributes: { fromPath: '/legacy-gone', toPath: '/x' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it('takes over a claim whose redirection was never recorded, once the grace period is over', async () => {
    const crashed = randomUUID();
    await appendLegacy(uniqueValueStreamId(SITE_PATH_SCOPE, '/half-done'), 'PathClaimed', {
      path: '/half-done',
      owner: { type: 'app-redirection', id: crashed },
    });
    const create = () =>
      api(editor, 'POST', '/app-redirections', {
        data: { type: 'app-redirections', attributes: { fromPath: '/half-done', toPath: '/x' } },
      });
    expect((await create()).status).toBe(409);
    app.advance(61_000);
    const taken = await create();
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});

describe('who may do what with redirections', () => {
  it('lets everyone read them, app administrators change them, and nobody else', async () => {
    await createUser(app, { email: 'member@example.test' });
    const member = app.browser();
    expect((await signIn(member, 'member@example.test')).status).toBe(200);
    const body = {
      data: { type: 'app-redirections', attributes: { fromPath: '/members-only', toPath: '/x' } },
    };
    expect((await api(member, 'POST', '/app-redirections', body)).status).toBe(403);
    expect((await api(app.browser(), 'POST', '/app-redirections', body)).status).toBe(401);
    const made = await api(editor, 'POST', '/app-redirections', body);
    expect(made.status).toBe(201);
    const { id } = made.body.data;
    expect((await api(member, 'DELETE', `/app-redirections/${id}`)).status).toBe(403);
    expect(
      (await api(app.browser(), 'GET', '/app-redirections', undefined, made.body.meta.position)).status,
    ).toBe(200);
    expect((await api(member, 'GET', `/app-redirections/${id}/history`)).status).toBe(403);
  });
});
