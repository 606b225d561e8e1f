import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

/**
 * Organization year states (seed 001 §3, §4, §9): administrators keep what an organization achieved each year,
 * and a state is editable only while its year is at least the current year minus one.
 */
let app: AccountsTestApp;
let organization: string;
beforeAll(async () => {
  app = await startAccountsApp();
  const created = await app.admin('POST', '/organizations', {
    data: { type: 'organizations', attributes: { name: 'Year State Lab' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  organization = created.body.data.id;
});
afterAll(async () => {
  await app.close();
});

const state = (year: number, achievements: Record<string, unknown> = {}) => ({
  data: {
    type: 'organization-year-states',
    attributes: { year, achievements },
    relationships: { organization: { data: { type: 'organizations', id: organization } } },
  },
});

describe('organization year states', () => {
  it('are editable from the year before the current one on, and refused with a pointer before', async () => {
    const year = app.now().getUTCFullYear();
    const current = await app.admin('POST', '/organization-year-states', state(year, { patients: 12 }));
    expect(current.status, JSON.stringify(current.body)).toBe(201);
    const previous = await app.admin('POST', '/organization-year-states', state(year - 1));
    expect(previous.status, JSON.stringify(previous.body)).toBe(201);

    const tooOld = await app.admin('POST', '/organization-year-states', state(year - 2));
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.errors[0]).toMatchObject({
      detail: `The year must be ${year - 1} or later`,
      source: { pointer: '/data/attributes/year' },
    });

    const id = current.body.data.id;
    const edited = await app.admin('PATCH', `/organization-year-states/${id}`, {
      data: { type: 'organization-year-states', id, attributes: { achievements: { patients: 14 } } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const read = await app.admin(
      'GET',
      `/organization-year-states/${id}?include=organization&minPosition=${edited.body.meta.position}`,
    );
    expect(read.body.data.attributes).toMatchObject({ year, achievements: { patients: 14 } });
    expect(read.body.included).toEqual([
      expect.objectContaining({ type: 'organizations', id: organization }),
    ]);

    // two years on, the state of `year` is out of the window: it reads, but it no longer changes
    app.advance(2 * 366 * 24 * 60 * 60 * 1000);
    const late = await app.admin('PATCH', `/organization-year-states/${id}`, {
      data: { type: 'organization-year-states', id, attributes: { achievements: { patients: 15 } } },
    });
    expect(late.status).toBe(422);
    expect(late.body.errors[0]).toMatchObject({
      detail: `The state of ${year} can no longer be changed: years from ${year + 1} on are editable`,
      source: { pointer: '/data/attributes/year' },
    });
    const unchanged = await app.admin('GET', `/organization-year-states/${id}`);
    expect(unchanged.body.data.attributes.achievements).toEqual({ patients: 14 });
  });

  it('need their organization, and are for administrators only', async () => {
    const year = app.now().getUTCFullYear();
    const orphan = await app.admin('POST', '/organization-year-states', {
      data: { type: 'organization-year-states', attributes: { year } },
    });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors[0].source.pointer).toBe('/data/relationships/organization');

    await createUser(app, { email: 'year-state-member@example.org' });
    const member = app.browser();
    expect((await signIn(member, 'year-state-member@example.org')).status).toBe(200);
    expect((await member.call('GET', '/api/v1/organization-year-states')).status).toBe(403);
    expect(
      (await member.call('POST', '/api/v1/organization-year-states', { body: state(year) })).status,
    ).toBe(403);
  });
});
