import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

let app: CmsTestApp;
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

const patch = (attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('PATCH', '/app-environment', { body: { data: { type: 'app-environment', attributes } }, headers });

function expectError(answer: Answer, status: number, match: Record<string, unknown> = {}) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors[0]).toMatchObject({ status: String(status), ...match });
}

describe('app environment', () => {
  it('answers before any change: every setting null, revision 0', async () => {
    const env = await app.read('/app-environment', { as: 'anonymous' });
    expect(env.status).toBe(200);
    expect(env.body.data).toMatchObject({ type: 'app-environment', id: 'main', meta: { version: null } });
    expect(env.body.data.attributes).toMatchObject({
      initialized: false,
      rentalMaxItems: null,
      becomeMemberUrl: null,
    });
    expect(env.body.meta).toMatchObject({ revision: '0', updatedAt: null });
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
  });

  it('keeps the settings version valid across other CMS saves, and refuses a stale one', async () => {
    const current = await app.read('/app-environment');
    const version = current.body.data.meta.version as string;
    // a menu save appends an "environment updated" signal to the same stream
    const menu = await app.call('POST', '/app-menu-items', {
      body: { data: { type: 'app-menu-items', attributes: { name: 'M' } } },
    });
    const after = await app.read('/app-environment', { position: menu.body.meta.position });
    expect(Number(after.body.meta.revision)).toBe(Number(current.body.meta.revision) + 1);
    expect(after.body.meta.revision > current.body.meta.revision).toBe(true);
    const ok = await patch({ rentalMaxItems: 6 }, { 'If-Match': `"${version}"` });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectError(await patch({ rentalMaxItems: 7 }, { 'If-Match': `"${version}"` }), 409, {
      code: 'conflict.wrong_expected_version',
    });
  });

  it('hides integration templates from anonymous callers', async () => {
    const saved = await patch({ integrationTemplates: { welcomeEmail: 'Hello {name}' } });
    const anonymous = await app.read('/app-environment', {
      position: saved.body.meta.position,
      as: 'anonymous',
    });
    expect(anonymous.body.data.attributes).not.toHaveProperty('integrationTemplates');
    const admin = await app.read('/app-environment');
    expect(admin.body.data.attributes.integrationTemplates).toEqual({ welcomeEmail: 'Hello {name}' });
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
    await patch({ rentalMaxDuration: 10 });
    expectError(await patch({ rentalMinDuration: 11 }), 422, {
      source: { pointer: '/data/attributes/rentalMinDuration' },
    });
  });

  it('refuses anonymous callers, malformed JSON and a wrong document id', async () => {
    const body = { data: { type: 'app-environment', attributes: { rentalMaxItems: 1 } } };
    expectError(await app.call('PATCH', '/app-environment', { body, as: 'anonymous' }), 401);
    expectError(await app.call('PATCH', '/app-environment', { raw: '{nope' }), 400, {
      code: 'validation.malformed_json',
    });
    const wrongId = { data: { type: 'app-environment', id: 'other', attributes: {} } };
    expectError(await app.call('PATCH', '/app-environment', { body: wrongId }), 422, {
      source: { pointer: '/data/id' },
    });
  });
});
