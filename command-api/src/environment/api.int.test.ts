import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

/**
 * The app environment's settings through the resource layer (app-environments, one fixed record 'main') and the
 * web's read of them (GET /app-environment, with the revision every CMS save moves). The tests share the one
 * record of a database of their own, in order.
 */
let app: CmsTestApp;
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

const SETTINGS = '/app-environments/main';
const patch = (attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('PATCH', SETTINGS, {
    body: { data: { type: 'app-environments', id: 'main', attributes } },
    headers,
  });

function expectError(answer: Answer, status: number, match: Record<string, unknown> = {}) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors[0]).toMatchObject({ status: String(status), ...match });
}

describe('app environment', () => {
  it('answers before any change: every setting null, revision 0, no version', async () => {
    const env = await app.read('/app-environment', { as: 'anonymous' });
    expect(env.status).toBe(200);
    expect(env.body.data).toMatchObject({ type: 'app-environment', id: 'main', meta: { version: null } });
    expect(env.body.data.attributes).toMatchObject({
      initialized: false,
      rentalMaxItems: null,
      becomeMemberUrl: null,
    });
    expect(env.body.meta).toMatchObject({ revision: '0', updatedAt: null });
    const record = await app.read(SETTINGS, { as: 'anonymous' });
    expect(record.status).toBe(200);
    expect(record.body.data.meta).toEqual({});
    expect(record.body.data.attributes).toMatchObject({ description: null, updatedAt: null });
    expect((await app.read('/app-environments', { as: 'anonymous' })).body.data).toHaveLength(1);
  });

  it('applies a patch, bumps the revision and gives the version to send back as If-Match', async () => {
    const saved = await patch({
      rentalMaxItems: 5,
      becomeMemberUrl: 'https://example.org/join',
      description: 'Hi',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const env = await app.read('/app-environment', { position: saved.body.meta.position, as: 'anonymous' });
    expect(env.body.data.attributes).toMatchObject({
      initialized: true,
      rentalMaxItems: 5,
      becomeMemberUrl: 'https://example.org/join',
      description: 'Hi',
    });
    expect(env.body.data.meta.version).toBe(saved.body.meta.version);
    expect(env.body.meta.revision).toBe('1');
    expect(Date.parse(env.body.meta.updatedAt)).not.toBeNaN();
    const record = await app.read(SETTINGS, { as: 'anonymous' });
    expect(record.body.data.attributes).toMatchObject({ rentalMaxItems: 5, description: 'Hi' });
    expect(record.body.data.meta.version).toBe(saved.body.meta.version);
  });

  it('counts other CMS saves in the revision, not in the version: a form read before one still saves', async () => {
    const current = await app.read('/app-environment');
    const version = current.body.data.meta.version as string;
    // a menu save appends an "environment updated" signal to the settings' stream
    const menu = await app.call('POST', '/app-menu-items', {
      body: { data: { type: 'app-menu-items', attributes: { name: 'M' } } },
    });
    const after = await app.read('/app-environment', { position: menu.body.meta.position });
    expect(Number(after.body.meta.revision)).toBe(Number(current.body.meta.revision) + 1);
    expect(after.body.data.meta.version).toBe(version);
    expect((await app.read(SETTINGS, { position: menu.body.meta.position })).body.data.meta.version).toBe(
      version,
    );
    const saved = await patch({ rentalMaxItems: 6 }, { 'If-Match': `"${version}"` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the version of a settings change is what is stale now
    expectError(await patch({ rentalMaxItems: 7 }, { 'If-Match': `"${version}"` }), 409, {
      code: 'conflict.wrong_expected_version',
    });
    const next = saved.body.meta.version as string;
    expect(Number(next)).toBeGreaterThan(Number(version));
    expect((await app.read(SETTINGS, { position: saved.body.meta.position })).body.data.meta.version).toBe(
      next,
    );
  });

  it('hides integration templates from those who are not administrators', async () => {
    const saved = await patch({ integrationTemplates: { welcomeEmail: 'Hello {name}' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const position = saved.body.meta.position as string;
    const anonymous = await app.read('/app-environment', { position, as: 'anonymous' });
    expect(anonymous.body.data.attributes).not.toHaveProperty('integrationTemplates');
    expect(anonymous.body.data.attributes.rentalMaxItems).toBe(6);
    const record = await app.read(SETTINGS, { position, as: 'anonymous' });
    expect(record.body.data.attributes).not.toHaveProperty('integrationTemplates');
    const admin = await app.read('/app-environment');
    expect(admin.body.data.attributes.integrationTemplates).toEqual({ welcomeEmail: 'Hello {name}' });
    expect((await app.read(SETTINGS)).body.data.attributes.integrationTemplates).toEqual({
      welcomeEmail: 'Hello {name}',
    });
  });

  it.each([
    [{ rentalMaxItems: -1 }, '/data/attributes/rentalMaxItems'],
    [{ rentalMinDuration: 2.5 }, '/data/attributes/rentalMinDuration'],
    [{ rlCharterUrl: 'not a url' }, '/data/attributes/rlCharterUrl'],
    [{ rentalOrganizationTax: 150 }, '/data/attributes/rentalOrganizationTax'],
    [{ rlProjectsAccessLevel: 'boss' }, '/data/attributes/rlProjectsAccessLevel'],
    [{ rentalMaxItems: '5' }, '/data/attributes/rentalMaxItems'],
    [{ notASetting: true }, '/data/attributes'],
  ])('refuses %j with a pointer', async (attributes, pointer) => {
    expectError(await patch(attributes), 422, { source: { pointer } });
  });

  it('refuses a minimum duration above the stored maximum', async () => {
    expect((await patch({ rentalMaxDuration: 10 })).status).toBe(200);
    expectError(await patch({ rentalMinDuration: 11 }), 422, {
      source: { pointer: '/data/attributes/rentalMaxDuration' },
    });
    expect((await patch({ rentalMinDuration: 10 })).status).toBe(200);
  });

  it('is never created nor deleted, and anonymous callers change nothing', async () => {
    const body = { data: { type: 'app-environments', id: 'main', attributes: { rentalMaxItems: 1 } } };
    expectError(await app.call('PATCH', SETTINGS, { body, as: 'anonymous' }), 401);
    expectError(
      await app.call('POST', '/app-environments', { body: { data: { type: 'app-environments' } } }),
      403,
    );
    expectError(await app.call('DELETE', SETTINGS), 403);
    expectError(await app.call('PATCH', '/app-environments/other', { body }), 422, {
      source: { pointer: '/data/id' },
    });
  });
});
