import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jobResource } from '@platform/contracts/accounts/reference-lists';
import { shortUrlResource } from '@platform/contracts/short-urls/short-url';
import { projectionSpec } from '@platform/tests/support/projection-spec';
import { resourceProjection } from './projection.ts';

const ID = randomUUID();
const OTHER = randomUUID();
const T0 = '2025-05-14T10:00:00.000Z';
const T1 = '2025-05-14T10:00:01.000Z';
const { events } = shortUrlResource;
const created = (id = ID) => ({
  type: events.created,
  data: { id, attributes: { token: 'about', url: '/about', name: 'About us' } },
  streamId: shortUrlResource.streamId(id),
});
const onRecord = (type: string, data: object, actor?: string) => ({
  type,
  data: { id: ID, ...data },
  streamId: shortUrlResource.streamId(ID),
  ...(actor ? { actor: { userId: actor } } : {}),
});
const rows = `select id, token, url, name, created_at, updated_at, created_by, updated_by, deleted_at,
                     version::int as version
                from app_short_urls order by token`;

describe('resource projection: a short URL', () => {
  const spec = projectionSpec(resourceProjection(shortUrlResource), { actor: { userId: 'admin-1' } });

  it('writes a created record with its attributes, authors, times and stream version', async () => {
    await spec.given([created()]).thenRows(rows, [
      {
        id: ID,
        token: 'about',
        url: '/about',
        name: 'About us',
        created_at: new Date(T0),
        updated_at: new Date(T0),
        created_by: 'admin-1',
        updated_by: 'admin-1',
        deleted_at: null,
        version: 0,
      },
    ]);
  });

  it('changes only the attributes an update names, and who and when last changed it', async () => {
    await spec
      .given([created(), onRecord(events.updated, { attributes: { url: '/who-we-are' } }, 'admin-2')])
      .thenRows(rows, [
        expect.objectContaining({
          token: 'about',
          url: '/who-we-are',
          name: 'About us',
          created_at: new Date(T0),
          updated_at: new Date(T1),
          created_by: 'admin-1',
          updated_by: 'admin-2',
          version: 1,
        }),
      ]);
  });

  it('keeps a soft-deleted record with its deletion time until it is restored', async () => {
    const softDeleted = onRecord(events.softDeleted, {});
    await spec
      .given([created(), softDeleted])
      .thenRows(rows, [expect.objectContaining({ deleted_at: new Date(T1), version: 1 })]);
    await spec
      .given([created(), softDeleted, onRecord(events.restored, {})])
      .thenRows(rows, [expect.objectContaining({ deleted_at: null, updated_at: new Date(T0), version: 2 })]);
  });

  it('removes a deleted record and leaves the others alone', async () => {
    const home = {
      ...created(OTHER),
      data: { id: OTHER, attributes: { token: 'home', url: '/', name: null } },
    };
    await spec
      .given([created(), home, onRecord(events.deleted, {})])
      .thenRows('select id, token from app_short_urls', [{ id: OTHER, token: 'home' }]);
  });

  it('skips an attribute the definition no longer has', async () => {
    await spec
      .given([created(), onRecord(events.updated, { attributes: { name: 'About', retired: 'gone' } })])
      .thenRows('select name, updated_at from app_short_urls', [{ name: 'About', updated_at: new Date(T1) }]);
  });
});

describe('resource projection: a list with fixed rows', () => {
  const spec = projectionSpec(resourceProjection(jobResource));

  it('writes the fixed rows at setup, with no time, author or version', async () => {
    const fixed = jobResource.fixedRows.rows;
    expect(fixed.length).toBeGreaterThan(1);
    await spec.given([]).thenRows(
      'select id, name, created_at, created_by, version from jobs order by id collate "C"',
      fixed
        .map((row) => ({
          id: row.id,
          name: row.attributes.name,
          created_at: null,
          created_by: null,
          version: null,
        }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    );
  });
});
