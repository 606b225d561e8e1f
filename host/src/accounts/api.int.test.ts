import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const organization = async (name: string, accessLevel: string | null, slug?: string) => {
  const answer = await app.admin('POST', '/organizations', {
    data: {
      type: 'organizations',
      attributes: { name, ...(slug ? { slug } : {}) },
      relationships: {
        accessLevel: { data: accessLevel ? { type: 'access-levels', id: accessLevel } : null },
      },
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};
const patchMe = (
  browser: Browser,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) =>
  browser.call('PATCH', '/api/v1/users/me', {
    body: { data: { type: 'users', attributes, ...(relationships ? { relationships } : {}) } },
  });
const me = (browser: Browser, position: string, include = '') =>
  browser.call('GET', `/api/v1/users/me?minPosition=${position}${include ? `&include=${include}` : ''}`);

describe('profile', () => {
  it('edits the profile, secondary e-mails (one per line, ASCII), preferences, locales and timezone', async () => {
    await createUser(app, { email: 'profile@example.org' });
    const browser = app.browser();
    await signIn(browser, 'profile@example.org');
    const saved = await patchMe(
      browser,
      {
        firstName: 'Marie',
        phone: '+33 1 23 45 67 89',
        secondaryEmailsString: '  work@Bücher.example \n\n second@example.org\r\n',
        notificationsPreferences: { comments: false },
        locale: 'fr',
        editionLocale: 'it',
        timezone: 'America/Montreal',
        jobOther: 'Ergonomist',
      },
      {
        job: { data: { type: 'jobs', id: 'other' } },
        userCategory: { data: { type: 'user-categories', id: 'professional' } },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await me(
      browser,
      saved.body.meta.position,
      'job,userCategory,roles,accessLevel,newsletterFrequency',
    );
    expect(read.body.data.attributes).toMatchObject({
      firstName: 'Marie',
      phone: '+33 1 23 45 67 89',
      secondaryEmailsString: 'work@xn--bcher-kva.example\nsecond@example.org',
      notificationsPreferences: { comments: false },
      locale: 'fr',
      editionLocale: 'it',
      timezone: 'America/Montreal',
      jobOther: 'Ergonomist',
    });
    expect(read.body.included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'jobs', id: 'other' }),
        expect.objectContaining({
          type: 'user-categories',
          id: 'professional',
          attributes: expect.objectContaining({ color: expect.any(String) }),
        }),
      ]),
    );
  });

  it('defaults the timezone to Europe/Paris and changes the password only with the current one', async () => {
    await createUser(app, { email: 'pw@example.org' });
    const browser = app.browser();
    const login = await signIn(browser, 'pw@example.org');
    expect((await me(browser, login.body.meta.position)).body.data.attributes.timezone).toBe('Europe/Paris');
    const wrong = await patchMe(browser, { password: 'another long one', oldPassword: 'not it at all' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source.pointer).toBe('/data/attributes/oldPassword');
    expect(
      (await patchMe(browser, { password: 'another long one', oldPassword: 'correct horse battery' })).status,
    ).toBe(200);
    expect((await signIn(app.browser(), 'pw@example.org', 'another long one')).status).toBe(200);
  });

  it.each([
    [{ secondaryEmailsString: 'ok@example.org\nnot an address' }, '/data/attributes/secondaryEmailsString'],
    [{ timezone: 'Mars/Olympus' }, '/data/attributes/timezone'],
    [{ locale: 'xx' }, '/data/attributes/locale'],
    [{ firstName: '' }, '/data/attributes/firstName'],
    [{ unknown: 1 }, '/data/attributes'],
  ])('refuses %j with 422', async (attributes, pointer) => {
    const email = `refuse-${randomUUID()}@example.org`;
    await createUser(app, { email });
    const browser = app.browser();
    await signIn(browser, email);
    const answer = await patchMe(browser, attributes);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].source.pointer).toBe(pointer);
  });

  it('answers 401 to an anonymous change and 404 to an unknown user id', async () => {
    const anonymous = await app
      .browser()
      .call('PATCH', '/api/v1/users/me', { body: { data: { type: 'users', attributes: {} } } });
    expect(anonymous.status).toBe(401);
    const unknown = await app.admin('PATCH', `/users/${randomUUID()}`, {
      data: { type: 'users', attributes: { phone: '1' } },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await app.admin('PATCH', '/users/nope', { data: { type: 'users', attributes: {} } })).status,
    ).toBe(404);
  });

  it('keeps roles, access level and validation for administrators (403 for the user)', async () => {
    const { id } = await createUser(app, { email: 'climber@example.org' });
    const browser = app.browser();
    await signIn(browser, 'climber@example.org');
    const roles = await patchMe(browser, {}, { roles: { data: [{ type: 'roles', id: 'admin' }] } });
    expect(roles.status).toBe(403);
    expect((await patchMe(browser, { validated: true })).status).toBe(403);
    const other = await createUser(app, { email: 'neighbour@example.org' });
    const foreign = await browser.call('PATCH', `/api/v1/users/${other.id}`, {
      body: { data: { type: 'users', attributes: { phone: '1' } } },
    });
    expect(foreign.status).toBe(403);
    const granted = await app.admin('PATCH', `/users/${id}`, {
      data: {
        type: 'users',
        attributes: { validated: true },
        relationships: {
          roles: { data: [{ type: 'roles', id: 'contributor' }] },
          accessLevel: { data: { type: 'access-levels', id: 'member_level_1' } },
        },
      },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const read = await me(browser, granted.body.meta.position, 'roles,accessLevel');
    expect(read.body.data.attributes.validatedAt).not.toBeNull();
    expect(read.body.data.relationships.roles.data).toEqual([{ type: 'roles', id: 'contributor' }]);
    expect(read.body.included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'access-levels',
          id: 'member_level_1',
          attributes: { name: 'member_level_1', weight: 300 },
        }),
      ]),
    );
    expect(read.body.meta.effectiveAccessWeight).toBe(300);
  });
});

describe('changing the e-mail address', () => {
  it('claims the new address, frees the old one and asks to verify the new one', async () => {
    await createUser(app, { email: 'mover@example.org' });
    await createUser(app, { email: 'occupied@example.org' });
    const browser = app.browser();
    await signIn(browser, 'mover@example.org');
    const taken = await patchMe(browser, { email: 'occupied@example.org' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({
      code: 'conflict.duplicate_email',
      source: { pointer: '/data/attributes/email' },
    });
    const moved = await patchMe(browser, { email: 'moved@example.org' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const read = await me(browser, moved.body.meta.position);
    expect(read.body.data.attributes).toMatchObject({ email: 'moved@example.org', emailVerifiedAt: null });
    expect((await app.lastMail('moved@example.org'))?.text).toMatch(/\/auth\/email\/verify\//);
    expect((await signIn(app.browser(), 'moved@example.org')).status).toBe(200);
    expect((await signIn(app.browser(), 'mover@example.org')).status).toBe(422);
    expect((await createUser(app, { email: 'mover@example.org' })).id).toHaveLength(36);
  });
});

describe('users resource', () => {
  it('lists users for administrators only and shows others a public profile', async () => {
    const { id, position } = await createUser(app, { email: 'public@example.org', firstName: 'Pia' });
    const browser = app.browser();
    await createUser(app, { email: 'viewer@example.org' });
    await signIn(browser, 'viewer@example.org');
    expect((await browser.call('GET', '/api/v1/users')).status).toBe(403);
    expect((await app.browser().call('GET', '/api/v1/users')).status).toBe(401);
    // read the write: the list waits until the projection holds the new user
    const list = await app.admin('GET', `/users?filter[email]=public@example.org&minPosition=${position}`);
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([id]);
    const profile = await browser.call('GET', `/api/v1/users/${id}?minPosition=${position}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data.attributes.firstName).toBe('Pia');
    expect(profile.body.data.attributes.email).toBeUndefined();
    expect((await browser.call('GET', '/api/v1/users/not-an-id')).status).toBe(404);
    expect((await app.admin('GET', '/users?filter[role]=nope')).status).toBe(400);
  });

  it('refuses a second account with the same address (409) and bad documents (422)', async () => {
    await createUser(app, { email: 'twice@example.org' });
    const again = await app.admin('POST', '/users', {
      data: { type: 'users', attributes: { email: 'Twice@Example.org', firstName: 'A', lastName: 'B' } },
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      code: 'conflict.duplicate_email',
      source: { pointer: '/data/attributes/email' },
    });
    const bad = await app.admin('POST', '/users', {
      data: { type: 'users', attributes: { email: 'x', firstName: 'A', lastName: 'B' } },
    });
    expect(bad.status).toBe(422);
  });

  it('serves the reference lists, jobs with other last', async () => {
    const jobs = await app.browser().call('GET', '/api/v1/jobs');
    const ids = jobs.body.data.map((j: { id: string }) => j.id);
    expect(ids[0]).toBe('not_specified');
    expect(ids.at(-1)).toBe('other');
    const levels = await app.browser().call('GET', '/api/v1/access-levels');
    expect(levels.body.data.find((l: { id: string }) => l.id === 'member_level_1').attributes.weight).toBe(
      300,
    );
    expect((await app.browser().call('GET', '/api/v1/roles')).body.meta.total).toBe(7);
    expect((await app.browser().call('GET', '/api/v1/user-categories/unknown')).status).toBe(404);
  });
});

describe('validation requests', () => {
  it('goes from pending to accepted, validating the user; a second decision is a conflict', async () => {
    const { id } = await createUser(app, { email: 'applicant@example.org' });
    const browser = app.browser();
    await signIn(browser, 'applicant@example.org');
    const lab = await organization('Applicant Lab', null);
    const sent = await browser.call('POST', '/api/v1/validation-requests', {
      body: {
        data: {
          type: 'validation-requests',
          attributes: { description: 'I run the lab' },
          relationships: { attachedOrganization: { data: { type: 'organizations', id: lab } } },
        },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const requestId = sent.body.data.id;
    const again = await browser.call('POST', '/api/v1/validation-requests', {
      body: { data: { type: 'validation-requests', attributes: { description: 'again' } } },
    });
    expect(again.status).toBe(409);
    const mine = await browser.call(
      'GET',
      `/api/v1/validation-requests?minPosition=${sent.body.meta.position}`,
    );
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: requestId, attributes: expect.objectContaining({ status: 'pending' }) }),
    ]);
    expect(
      (
        await browser.call('PATCH', `/api/v1/validation-requests/${requestId}`, {
          body: { data: { type: 'validation-requests', attributes: { status: 'accepted' } } },
        })
      ).status,
    ).toBe(403);
    const accepted = await app.admin('PATCH', `/validation-requests/${requestId}`, {
      data: { type: 'validation-requests', attributes: { status: 'accepted' } },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const refused = await app.admin('PATCH', `/validation-requests/${requestId}`, {
      data: { type: 'validation-requests', attributes: { status: 'refused' } },
    });
    expect(refused.status).toBe(409);
    const user = await app.admin(`GET`, `/users/${id}?minPosition=${accepted.body.meta.position}`);
    expect(user.body.data.attributes.validatedAt).not.toBeNull();
    const badStatus = await app.admin('PATCH', `/validation-requests/${requestId}`, {
      data: { type: 'validation-requests', attributes: { status: 'maybe' } },
    });
    expect(badStatus.status).toBe(422);
  });
});

describe('dev mailbox', () => {
  it('is readable by administrators only', async () => {
    await app.browser().call('POST', '/auth/password/forgot', { body: { email: 'profile@example.org' } });
    const box = await app.admin('GET', '/dev/mailbox?filter[to]=profile@example.org');
    expect(box.status).toBe(200);
    expect(box.body.data[0].attributes.subject).toMatch(/reset/);
    expect((await app.browser().call('GET', '/api/v1/dev/mailbox')).status).toBe(401);
  });

  it('does not exist when an SMTP server is configured', async () => {
    // nodemailer connects only to send, so an unreachable server is enough to configure SMTP here
    const withSmtp = await startAccountsApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      expect((await withSmtp.admin('GET', '/dev/mailbox')).status).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
