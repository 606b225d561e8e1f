import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

/**
 * Jobs and user categories are resources with fixed rows (contracts/src/accounts/reference-lists.ts): today's
 * lists exist from the start under the ids users store; administrators rename them, add more and delete the ones
 * nobody needs. Access levels and roles are read-only resources.
 */
let app: AccountsTestApp;
let member: Browser;
beforeAll(async () => {
  app = await startAccountsApp();
  await createUser(app, { email: 'member@example.test' });
  member = app.browser();
  expect((await signIn(member, 'member@example.test')).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const ids = (body: { data: Array<{ id: string }> }) => body.data.map((d) => d.id);
const read = (path: string, position?: string) =>
  app.admin('GET', path, undefined, position ? { 'X-Min-Position': position } : {});
const chooseJob = (id: string) =>
  member.call('PATCH', '/api/v1/users/me', {
    body: { data: { type: 'users', relationships: { job: { data: { type: 'jobs', id } } } } },
  });
async function myJob(position: string) {
  const me = await member.call('GET', '/api/v1/users/me?include=job', {
    headers: { 'X-Min-Position': position },
  });
  return me.body.included?.find((r: { type: string }) => r.type === 'jobs');
}

describe('jobs', () => {
  it('lists today’s jobs from the start, not specified first and other last, whatever the sort', async () => {
    const jobs = await app.browser().call('GET', '/api/v1/jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.body.meta.total).toBe(15);
    expect(ids(jobs.body)[0]).toBe('not_specified');
    expect(ids(jobs.body).at(-1)).toBe('other');
    const other = jobs.body.data.at(-1);
    // nobody changed it: no version to send back, no creation time
    expect(other).toMatchObject({ attributes: { name: 'Other', createdAt: null } });
    expect(other.meta).toEqual({});
    const reversed = await app.browser().call('GET', '/api/v1/jobs?sort=-name');
    expect(ids(reversed.body)[0]).toBe('not_specified');
    expect(ids(reversed.body).at(-1)).toBe('other');
    expect(ids(reversed.body)[1]).toBe('teacher');
    expect((await app.browser().call('GET', '/api/v1/jobs/nurse')).body.data.attributes.name).toBe('Nurse');
    expect((await app.browser().call('GET', '/api/v1/jobs/unknown_job')).status).toBe(404);
    expect((await app.browser().call('GET', '/api/v1/jobs/Not%20a%20key')).status).toBe(404);
  });

  it('resolves the ids users store, renamed or added by administrators', async () => {
    const chosen = await chooseJob('physiotherapist');
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(await myJob(chosen.body.meta.position)).toMatchObject({
      id: 'physiotherapist',
      attributes: { name: 'Physiotherapist' },
    });

    const renamed = await app.admin('PATCH', '/jobs/physiotherapist', {
      data: { type: 'jobs', id: 'physiotherapist', attributes: { name: 'Physical therapist' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.meta.version).toBe('0');
    expect(await myJob(renamed.body.meta.position)).toMatchObject({
      attributes: { name: 'Physical therapist' },
    });
    const stale = await app.admin(
      'PATCH',
      '/jobs/physiotherapist',
      { data: { type: 'jobs', id: 'physiotherapist', attributes: { name: 'Late' } } },
      { 'If-Match': '"3"' },
    );
    expect(stale.status).toBe(409);

    const added = await app.admin('POST', '/jobs', {
      data: { type: 'jobs', attributes: { name: 'Audiologist' } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const mine = await chooseJob(added.body.data.id);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(await myJob(mine.body.meta.position)).toMatchObject({
      id: added.body.data.id,
      attributes: { name: 'Audiologist' },
    });
  });

  it('keeps not specified and other; deletes the others, which users can then no longer choose', async () => {
    const kept = await app.admin('DELETE', '/jobs/other');
    expect(kept.status).toBe(409);
    expect(kept.body.errors[0].code).toBe('conflict.state');
    const deleted = await app.admin('DELETE', '/jobs/maker');
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await read('/jobs/maker', deleted.body.meta.position)).status).toBe(404);
    const refused = await chooseJob('maker');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe('/data/relationships/job/data/id');
    expect((await chooseJob('no_such_job')).status).toBe(422);
    expect((await read('/services/publishables/jobs/maker')).body.data.exists).toBe(false);
    expect((await read('/services/publishables/jobs/other')).body.data.exists).toBe(true);
  });

  it('gives a fixed row its history from its first change, and refuses a fixed id for a new record', async () => {
    const untouched = await read('/jobs/nurse/history');
    expect(untouched.status).toBe(200);
    expect(untouched.body.data).toEqual([]);
    const renamed = await app.admin('PATCH', '/jobs/other', {
      data: { type: 'jobs', id: 'other', attributes: { name: 'Something else' } },
    });
    expect(renamed.status).toBe(200);
    const history = await read('/jobs/other/history');
    expect(history.body.data.map((e: { attributes: unknown }) => e.attributes)).toEqual([
      expect.objectContaining({
        kind: 'updated',
        existedBefore: true,
        changes: [{ field: 'name', before: 'Other', after: 'Something else' }],
      }),
    ]);
    expect((await read('/jobs/other/history/0')).body.data.attributes).toEqual({ name: 'Something else' });
    const taken = await app.admin('POST', '/jobs', {
      data: { type: 'jobs', id: 'nurse', attributes: { name: 'X' } },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].source.pointer).toBe('/data/id');
    expect(
      (
        await member.call('POST', '/api/v1/jobs', {
          body: { data: { type: 'jobs', attributes: { name: 'X' } } },
        })
      ).status,
    ).toBe(403);
  });
});

describe('user categories', () => {
  it('keep their colours, checked as hex colours', async () => {
    const categories = await app.browser().call('GET', '/api/v1/user-categories');
    expect(ids(categories.body).at(-1)).toBe('other');
    expect(
      categories.body.data.find((c: { id: string }) => c.id === 'professional').attributes,
    ).toMatchObject({
      name: 'Professional',
      color: '#115CA8',
    });
    const bad = await app.admin('PATCH', '/user-categories/family', {
      data: { type: 'user-categories', id: 'family', attributes: { color: 'orange' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/color');
  });
});

describe('access levels and roles', () => {
  it('are read-only resources', async () => {
    const level = await app.browser().call('GET', '/api/v1/access-levels/member_level_1');
    expect(level.body.data.attributes).toMatchObject({ name: 'member_level_1', weight: 300 });
    const levels = await app.browser().call('GET', '/api/v1/access-levels');
    expect(ids(levels.body)).toEqual([
      'contact',
      'potential_member',
      'friendly_member',
      'member_level_1',
      'member_level_2',
    ]);
    expect((await app.browser().call('GET', '/api/v1/roles')).body.meta.total).toBe(7);
    const patch = await app.admin('PATCH', '/roles/admin', {
      data: { type: 'roles', id: 'admin', attributes: { name: 'boss' } },
    });
    expect(patch.status).toBe(403);
    expect((await app.admin('DELETE', '/access-levels/contact')).status).toBe(403);
    expect(
      (await app.admin('POST', '/roles', { data: { type: 'roles', attributes: { name: 'x' } } })).status,
    ).toBe(403);
  });
});
