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
 * Organizations were stored by the organizations module (OrganizationCreated with the whole record, then
 * OrganizationUpdated, OrganizationSlugChanged, OrganizationAccessLevelSet) in `organization-<id>`. Such a log
 * (never rewritten) reads through the organizations resource: the find by slug, the list's filters, the history
 * and "as it was"; the record then takes new changes, and its members (kept on the users' streams) are read
 * through user_organizations by the members rule, the include and the relationship filter.
 */
let app: AccountsTestApp;
let legacy: PostgresEventStore;
let adminId: string;
let memberId: string;
let member: Browser;
beforeAll(async () => {
  app = await startAccountsApp();
  // a store without contracts appends payloads as they are, the way the module's events sit in the log
  legacy = new PostgresEventStore({ sql: app.platform.sql });
  adminId = (await createUser(app, { email: 'org-admin@example.test', firstName: 'Ada', lastName: 'Min' }))
    .id;
  memberId = (await createUser(app, { email: 'org-member@example.test', firstName: 'Mem', lastName: 'Ber' }))
    .id;
  member = app.browser();
  expect((await signIn(member, 'org-member@example.test')).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

/** Appends an event to an organization's stream as the organizations module wrote it. */
async function appendStored(id: string, type: string, data: unknown, at: string): Promise<string> {
  const eventId = randomUUID();
  const metadata: EventMetadata = {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: adminId, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: at,
    schemaVersion: 1,
  };
  const { position } = await legacy.appendToStream(`organization-${id}`, [{ eventId, type, data, metadata }]);
  return position.toString();
}

const fields = {
  name: 'Stored Lab',
  unitName: null,
  shortDescription: 'Printed aids',
  description: null,
  contactEmail: 'lab@example.org',
  contactPhone: null,
  contactAddress: null,
  externalUrl: null,
  country: 'FR',
  longitude: 4.83,
  latitude: 45.76,
  adminOnlyNote: 'pays late',
};

describe('organizations stored by the organizations module', () => {
  it('read through the resource, with their history, and take new changes', async () => {
    const id = randomUUID();
    await appendStored(
      id,
      'OrganizationCreated',
      { id, slug: 'stored-lab', accessLevel: 'member_level_2', ...fields },
      '2024-03-01T08:00:00.000Z',
    );
    await appendStored(
      id,
      'OrganizationUpdated',
      { id, ...fields, name: 'Old Stored Lab' },
      '2024-03-02T08:00:00.000Z',
    );
    await appendStored(
      id,
      'OrganizationSlugChanged',
      { id, slug: 'old-stored-lab', previousSlug: 'stored-lab' },
      '2024-03-03T08:00:00.000Z',
    );
    const last = await appendStored(
      id,
      'OrganizationAccessLevelSet',
      { id, accessLevel: 'contact' },
      '2024-03-04T08:00:00.000Z',
    );

    // found by its slug; the admin-only note for administrators only
    const found = await app.browser().call('GET', `/api/v1/organizations/old-stored-lab?minPosition=${last}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({
      id,
      attributes: { name: 'Old Stored Lab', slug: 'old-stored-lab', shortDescription: 'Printed aids' },
      relationships: { accessLevel: { data: { type: 'access-levels', id: 'contact' } } },
      meta: { version: '3' },
    });
    expect(found.body.data.attributes).not.toHaveProperty('adminOnlyNote');
    expect((await app.admin('GET', `/organizations/${id}`)).body.data.attributes.adminOnlyNote).toBe(
      'pays late',
    );

    // the list's filters of seed 000 §7: access levels, a position on the map
    const ids = async (query: string) => {
      const answer = await app.browser().call('GET', `/api/v1/organizations?${query}&page[size]=100`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.map((o: { id: string }) => o.id) as string[];
    };
    expect(await ids('filter[accessLevels]=contact,member_level_1')).toContain(id);
    expect(await ids('filter[accessLevels]=member_level_2')).not.toContain(id);
    expect(await ids('filter[withPosition]=true')).toContain(id);
    expect(await ids('filter[withPosition]=false')).not.toContain(id);
    const unplaced = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: 'Nowhere Club', longitude: 2.35 } },
    });
    expect(unplaced.status, JSON.stringify(unplaced.body)).toBe(201);
    // a longitude without a latitude is no position
    const nowhere = unplaced.body.data.id as string;
    const after = `minPosition=${unplaced.body.meta.position}`;
    expect(await ids(`filter[withPosition]=true&${after}`)).not.toContain(nowhere);
    expect(await ids(`filter[withPosition]=false&${after}`)).toContain(nowhere);
    expect((await app.browser().call('GET', '/api/v1/organizations?filter[withPosition]=yes')).status).toBe(
      400,
    );

    // its history: the four stored events, newest first, read as the resource's kinds
    const history = await app.admin('GET', `/organizations/${id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(
      history.body.data.map((e: { attributes: { revision: string; kind: string } }) => [
        e.attributes.revision,
        e.attributes.kind,
      ]),
    ).toEqual([
      ['3', 'updated'],
      ['2', 'updated'],
      ['1', 'updated'],
      ['0', 'created'],
    ]);
    const asItWas = await app.admin('GET', `/organizations/${id}/history/1`);
    expect(asItWas.body.data.attributes).toMatchObject({ name: 'Old Stored Lab', slug: 'stored-lab' });

    // a member joins it (on their user stream): the member reads the members, a visitor does not
    const joined = await app.admin('POST', `/organizations/${id}/relationships/users`, {
      data: [{ type: 'users', id: memberId }],
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const position = joined.body.meta.position as string;
    const asMember = await member.call(
      'GET',
      `/api/v1/organizations/${id}?include=users&minPosition=${position}`,
    );
    expect(asMember.body.data.relationships.users.data).toEqual([{ type: 'users', id: memberId }]);
    expect(asMember.body.included).toEqual([
      expect.objectContaining({
        type: 'users',
        id: memberId,
        attributes: { firstName: 'Mem', lastName: 'Ber' },
      }),
    ]);
    const asVisitor = await app
      .browser()
      .call('GET', `/api/v1/organizations/${id}?include=users&minPosition=${position}`);
    expect(asVisitor.body.data.relationships.users).toBeUndefined();
    expect(asVisitor.body.included).toEqual([]);
    // filtered by a member: only the organizations whose members the viewer reads
    expect(await ids(`filter[users]=${memberId}&minPosition=${position}`)).toEqual([]);
    const byMember = await member.call('GET', `/api/v1/organizations?filter[users]=${memberId}`);
    expect(byMember.body.data.map((o: { id: string }) => o.id)).toEqual([id]);

    // the members are the membership workflow's: a write naming them is refused with their pointer
    const named = await app.admin('PATCH', `/organizations/${id}`, {
      data: {
        type: 'organizations',
        id,
        relationships: { users: { data: [{ type: 'users', id: adminId }] } },
      },
    });
    expect(named.status).toBe(422);
    expect(named.body.errors[0].source).toEqual({ pointer: '/data/relationships/users' });

    // a new change, with the version the stored events left
    const saved = await app.admin(
      'PATCH',
      `/organizations/${id}`,
      { data: { type: 'organizations', id, attributes: { name: 'Stored Lab Lyon' } } },
      { 'If-Match': '"3"' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stream = await app.platform.eventStore.readStream(`organization-${id}`);
    expect(stream.at(-1)).toMatchObject({
      type: 'OrganizationRecordUpdated',
      data: { id, attributes: { name: 'Stored Lab Lyon' }, relationships: {} },
    });
    const read = await app
      .browser()
      .call('GET', `/api/v1/organizations/${id}?minPosition=${saved.body.meta.position}`);
    expect(read.body.data.attributes).toMatchObject({ name: 'Stored Lab Lyon', slug: 'old-stored-lab' });
  });
});
