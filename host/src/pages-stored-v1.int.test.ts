import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@platform/contracts/metadata';
import { PostgresEventStore } from '@platform/infra/event-store';
import {
  createUser,
  type AccountsTestApp,
  startAccountsApp,
} from '@platform/tests/support/apps/accounts-app';

/**
 * Page events of version 1 carried who recorded them and when in their payload as well as in their metadata. A
 * database holding such events (never rewritten) still shows its pages, their history and their authors, read
 * from the metadata like every other event's, and the pages still take new changes.
 */
let app: AccountsTestApp;
let legacy: PostgresEventStore;
let authorId: string;
let editorId: string;
beforeAll(async () => {
  app = await startAccountsApp();
  // a store without contracts appends payloads as they are, the way version-1 events sit in the log
  legacy = new PostgresEventStore({ sql: app.platform.sql });
  authorId = (await createUser(app, { email: 'author@example.test', firstName: 'Ann', lastName: 'Thor' })).id;
  editorId = (await createUser(app, { email: 'editor@example.test', firstName: 'Ed', lastName: 'Itor' })).id;
});
afterAll(async () => {
  await app.close();
});

/** Appends a version-1 page event as the page module wrote it: who and when in the metadata and the payload. */
async function appendV1(
  pageId: string,
  type: string,
  data: (at: string, by: string) => Record<string, unknown>,
  by: string,
  at: Date,
): Promise<string> {
  const eventId = randomUUID();
  const recordedAt = at.toISOString();
  const metadata: EventMetadata = {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: by, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt,
    schemaVersion: 1,
  };
  const { position } = await legacy.appendToStream(`page-${pageId}`, [
    { eventId, type, data: data(recordedAt, by), metadata },
  ]);
  return position.toString();
}

const fields = (path: string, title: string) => ({
  path,
  title,
  description: '',
  styles: '',
  requiresAuth: false,
  accessLevel: null,
  roles: [],
  isDefault: false,
});
const atMs = (value: string) => new Date(value).getTime();

describe('pages stored with version-1 events', () => {
  it('are read, with their authors and times from the metadata, and their history lists only the page', async () => {
    const pageId = randomUUID();
    const componentId = randomUUID();
    const t0 = new Date('2024-02-01T08:00:00.000Z');
    const t1 = new Date('2024-02-02T09:15:00.000Z');
    const t2 = new Date('2024-02-03T10:30:00.000Z');
    await appendV1(
      pageId,
      'AppPageCreated',
      (at, by) => ({ pageId, ...fields('/legacy-team', 'Team'), createdAt: at, createdBy: by }),
      authorId,
      t0,
    );
    await appendV1(
      pageId,
      'AppPageComponentAdded',
      (at, by) => ({
        pageId,
        componentId,
        name: 'title',
        viewId: null,
        position: 0,
        props: { title: 'Our team' },
        at,
        by,
      }),
      authorId,
      t1,
    );
    const position = await appendV1(
      pageId,
      'AppPageUpdated',
      (at, by) => ({ pageId, ...fields('/legacy-team', 'The team'), updatedAt: at, updatedBy: by }),
      editorId,
      t2,
    );

    const read = await app.admin('GET', `/app-pages/${pageId}?include=components&minPosition=${position}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const page = read.body.data;
    expect(page.attributes).toMatchObject({ path: '/legacy-team', title: 'The team', deletedAt: null });
    expect(atMs(page.attributes.createdAt)).toBe(t0.getTime());
    expect(atMs(page.attributes.updatedAt)).toBe(t2.getTime());
    expect(page.relationships.createdBy.data).toEqual({ type: 'users', id: authorId });
    expect(page.relationships.updatedBy.data).toEqual({ type: 'users', id: editorId });
    expect(page.meta.version).toBe('2');
    const [component] = read.body.included;
    expect(component).toMatchObject({
      id: componentId,
      attributes: { position: 0, props: { title: 'Our team' } },
    });
    expect(atMs(component.attributes.createdAt)).toBe(t1.getTime());

    const history = await app.admin('GET', `/app-pages/${pageId}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const entries = history.body.data.map(
      (e: {
        attributes: { kind: string; recordedAt: string; actor: { userId: string }; changes: unknown[] };
      }) => e.attributes,
    );
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['updated', 'componentAdded', 'created']);
    expect(entries.map((e: { actor: { userId: string } }) => e.actor.userId)).toEqual([
      editorId,
      authorId,
      authorId,
    ]);
    expect(entries.map((e: { recordedAt: string }) => atMs(e.recordedAt))).toEqual([
      t2.getTime(),
      t1.getTime(),
      t0.getTime(),
    ]);
    // the recording's who and when are no field of the page: the update changed its title only
    expect(entries[0].changes).toEqual([{ field: 'title', before: 'Team', after: 'The team' }]);
    const asCreated = await app.admin('GET', `/app-pages/${pageId}/history/0`);
    expect(asCreated.status, JSON.stringify(asCreated.body)).toBe(200);
    expect(Object.keys(asCreated.body.data.attributes)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(createdAt|createdBy)$/)]),
    );
    expect(asCreated.body.data.attributes).toMatchObject({ title: 'Team', path: '/legacy-team' });

    // the page takes a new change on top of its version-1 events; the new event is read the same way
    const before = app.now().getTime();
    const changed = await app.admin(
      'PATCH',
      `/app-pages/${pageId}`,
      { data: { type: 'app-pages', id: pageId, attributes: { description: 'Who we are' } } },
      { 'If-Match': '"2"' },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await app.admin('GET', `/app-pages/${pageId}?minPosition=${changed.body.meta.position}`);
    expect(after.body.data.attributes).toMatchObject({ title: 'The team', description: 'Who we are' });
    expect(after.body.data.meta.version).toBe('3');
    expect(atMs(after.body.data.attributes.createdAt)).toBe(t0.getTime());
    expect(atMs(after.body.data.attributes.updatedAt)).toBeGreaterThanOrEqual(before);
    expect(after.body.data.relationships.createdBy.data).toEqual({ type: 'users', id: authorId });
    expect(after.body.data.relationships.updatedBy.data?.id).not.toBe(editorId);
  });

  it('keeps a version-1 draft unpublishable until it is changed, and publishes it once it is', async () => {
    const pageId = randomUUID();
    const draftId = randomUUID();
    const at = new Date('2024-03-01T12:00:00.000Z');
    await appendV1(
      pageId,
      'AppPageCreated',
      (recordedAt, by) => ({
        pageId,
        ...fields('/legacy-draft', 'Draft me'),
        createdAt: recordedAt,
        createdBy: by,
      }),
      authorId,
      at,
    );
    await appendV1(
      pageId,
      'AppPageDraftCreated',
      (recordedAt, by) => ({ pageId, draftPageId: draftId, at: recordedAt, by }),
      authorId,
      at,
    );
    await appendV1(
      draftId,
      'AppPageDraftStarted',
      (recordedAt, by) => ({
        pageId: draftId,
        draftOfPageId: pageId,
        ...fields('/legacy-draft', 'Draft me'),
        components: [],
        createdAt: recordedAt,
        createdBy: by,
      }),
      authorId,
      at,
    );

    const unchanged = await app.admin('POST', `/services/app-pages/${draftId}/publish`);
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(409);
    expect(unchanged.body.errors[0].code).toBe('conflict.draft_unchanged');

    // an edit in the same instant as the draft's start is a change all the same
    await appendV1(
      draftId,
      'AppPageUpdated',
      (recordedAt, by) => ({
        pageId: draftId,
        ...fields('/legacy-draft', 'Drafted'),
        updatedAt: recordedAt,
        updatedBy: by,
      }),
      editorId,
      at,
    );
    const published = await app.admin('POST', `/services/app-pages/${draftId}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const page = await app.admin('GET', `/app-pages/${pageId}?minPosition=${published.body.meta.position}`);
    expect(page.body.data.attributes).toMatchObject({ title: 'Drafted' });
    expect(page.body.data.relationships.draftPage.data).toBeNull();
  });
});
