import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@platform/contracts/metadata';
import { PostgresEventStore } from '@platform/infra/event-store';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

/**
 * The app environment's settings were stored by the environment module (AppEnvironmentSettingsChanged, only the
 * changed fields) in `environment-main`, beside the "environment updated" signals. Such a log (never rewritten)
 * still reads through the app-environments resource: the web's GET /app-environment, the record, its history
 * (the settings changes only) and "as it was"; the record then takes new changes from content editors.
 */
let app: AccountsTestApp;
let legacy: PostgresEventStore;
let editor: Browser;
let member: Browser;
let adminId: string;
beforeAll(async () => {
  app = await startAccountsApp();
  // a store without contracts appends payloads as they are, the way the module's events sit in the log
  legacy = new PostgresEventStore({ sql: app.platform.sql });
  adminId = (await createUser(app, { email: 'old-admin@example.test', firstName: 'Ada', lastName: 'Min' }))
    .id;
  const editorId = (await createUser(app, { email: 'env-editor@example.test', firstName: 'Eda' })).id;
  await createUser(app, { email: 'env-member@example.test', firstName: 'Mem' });
  const granted = await app.admin('PATCH', `/users/${editorId}`, {
    data: { type: 'users', relationships: { roles: { data: [{ type: 'roles', id: 'app_admin' }] } } },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const seen = await app.admin('GET', `/users/${editorId}?minPosition=${granted.body.meta.position}`);
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  editor = app.browser();
  expect((await signIn(editor, 'env-editor@example.test')).status).toBe(200);
  member = app.browser();
  expect((await signIn(member, 'env-member@example.test')).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

/** Appends an event to the environment's stream as the environment module wrote it. */
async function appendStored(type: string, data: unknown, at: string): Promise<string> {
  const eventId = randomUUID();
  const metadata: EventMetadata = {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: adminId, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: at,
    schemaVersion: 1,
  };
  const { position } = await legacy.appendToStream('environment-main', [{ eventId, type, data, metadata }]);
  return position.toString();
}

describe('app environment settings stored by the environment module', () => {
  it('read through the resource and the web, with their history, and take new changes', async () => {
    await appendStored(
      'AppEnvironmentSettingsChanged',
      { changes: { description: 'Old site', rentalMaxItems: 4, integrationTemplates: { welcome: 'Hi' } } },
      '2024-03-01T08:00:00.000Z',
    );
    await appendStored(
      'AppEnvironmentUpdated',
      { reason: { resourceType: 'app-pages', resourceId: randomUUID(), action: 'saved' } },
      '2024-03-02T08:00:00.000Z',
    );
    const last = await appendStored(
      'AppEnvironmentSettingsChanged',
      { changes: { description: 'Our site', becomeMemberUrl: 'https://example.org/join' } },
      '2024-03-03T08:00:00.000Z',
    );

    // the web's read: the settings, the revision counting the three events, integration templates for admins
    const web = await member.call('GET', `/api/v1/app-environment?minPosition=${last}`);
    expect(web.status, JSON.stringify(web.body)).toBe(200);
    expect(web.body.data.attributes).toMatchObject({
      initialized: true,
      description: 'Our site',
      rentalMaxItems: 4,
      becomeMemberUrl: 'https://example.org/join',
      rlCharterUrl: null,
    });
    expect(web.body.data.attributes).not.toHaveProperty('integrationTemplates');
    expect(web.body.meta.revision).toBe('3');
    expect(web.body.data.meta.version).toBe('2');
    const asAdmin = await app.admin('GET', '/app-environment');
    expect(asAdmin.body.data.attributes.integrationTemplates).toEqual({ welcome: 'Hi' });

    // the record of the resource
    const record = await editor.call('GET', '/api/v1/app-environments/main');
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    expect(record.body.data.attributes).toMatchObject({
      description: 'Our site',
      rentalMaxItems: 4,
      updatedAt: '2024-03-03T08:00:00.000Z',
    });
    expect(record.body.data.attributes).not.toHaveProperty('integrationTemplates');
    expect(record.body.data.meta.version).toBe('2');

    // its history: the two settings changes (read as updates), not the signal; newest first, with the author
    const history = await editor.call('GET', '/api/v1/app-environments/main/history');
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const entries = history.body.data.map(
      (e: { attributes: { revision: string; kind: string; changes: Array<{ field: string }> } }) => [
        e.attributes.revision,
        e.attributes.kind,
        e.attributes.changes.map((c) => c.field),
      ],
    );
    expect(entries).toEqual([
      ['2', 'updated', ['becomeMemberUrl', 'description']],
      ['0', 'updated', ['description', 'rentalMaxItems']],
    ]);
    expect(history.body.included).toEqual([
      expect.objectContaining({ id: adminId, attributes: { fullName: 'Ada Min' } }),
    ]);
    const adminHistory = await app.admin('GET', '/app-environments/main/history');
    expect(adminHistory.body.data.at(-1).attributes.changes.map((c: { field: string }) => c.field)).toEqual([
      'description',
      'integrationTemplates',
      'rentalMaxItems',
    ]);

    // as it was after the first change
    const asItWas = await editor.call('GET', '/api/v1/app-environments/main/history/0');
    expect(asItWas.status, JSON.stringify(asItWas.body)).toBe(200);
    expect(asItWas.body.data.attributes).toMatchObject({
      description: 'Old site',
      rentalMaxItems: 4,
      becomeMemberUrl: null,
    });
    expect(asItWas.body.data.meta).toMatchObject({ exists: true, revision: '0' });

    // a content editor changes it with the version read; a member may not
    const body = { data: { type: 'app-environments', id: 'main', attributes: { rentalMaxItems: 6 } } };
    expect((await member.call('PATCH', '/api/v1/app-environments/main', { body })).status).toBe(403);
    const saved = await editor.call('PATCH', '/api/v1/app-environments/main', {
      body,
      headers: { 'If-Match': '"2"' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await member.call('GET', `/api/v1/app-environment?minPosition=${saved.body.meta.position}`);
    expect(after.body.data.attributes).toMatchObject({ description: 'Our site', rentalMaxItems: 6 });
    expect(after.body.meta.revision).toBe('4');
    expect(after.body.data.meta.version, `the web's read: ${JSON.stringify(after.body.meta)}`).toBe('3');

    // the signals that follow (every save appends one) do not make the editor's version stale: If-Match is the
    // record's own version, the one its read shows; a version older than the record's last change still is
    await appendStored(
      'AppEnvironmentUpdated',
      { reason: { resourceType: 'app-pages', resourceId: randomUUID(), action: 'saved' } },
      '2024-03-04T08:00:00.000Z',
    );
    const seen = await editor.call(
      'GET',
      `/api/v1/app-environments/main?minPosition=${after.body.meta.position}`,
    );
    expect(seen.body.data.meta.version, `the record: ${JSON.stringify(seen.body.data.meta)}`).toBe('3');
    const stale = await editor.call('PATCH', '/api/v1/app-environments/main', {
      body: { data: { type: 'app-environments', id: 'main', attributes: { rentalMaxItems: 7 } } },
      headers: { 'If-Match': '"2"' },
    });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    const next = await editor.call('PATCH', '/api/v1/app-environments/main', {
      body: { data: { type: 'app-environments', id: 'main', attributes: { rentalMaxItems: 8 } } },
      headers: { 'If-Match': `"${seen.body.data.meta.version}"` },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.meta.version).toBe('5');
    const latest = await editor.call(
      'GET',
      `/api/v1/app-environments/main?minPosition=${next.body.meta.position}`,
    );
    expect(latest.body.data.attributes.rentalMaxItems).toBe(8);
    expect(latest.body.data.meta.version).toBe('5');
  });
});
