import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
let closedApp: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
  closedApp = await startAccountsApp({ features: { register: false } });
});
afterAll(async () => {
  await app.close();
  await closedApp.close();
});

const registration = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: 'a long enough password',
  passwordConfirmation: 'a long enough password',
  locale: 'fr',
});

async function verificationParts(email: string) {
  const mail = await app.lastMail(email);
  const match = /\/auth\/email\/verify\/([0-9a-f-]+)\/([0-9a-f]+)\?expires=(\d+)&signature=([0-9a-f]+)/.exec(
    mail?.text ?? '',
  );
  if (!match) throw new Error(`no verification link mailed to ${email}`);
  return { id: match[1]!, hash: match[2]!, expires: match[3]!, signature: match[4]! };
}

describe('registration and e-mail verification', () => {
  it('registers, signs in, mails a signed link that verifies the address', async () => {
    const browser = app.browser();
    const registered = await browser.call('POST', '/auth/register', {
      body: registration('Grace@Bücher.example'),
      headers: { 'X-Timezone': 'America/New_York' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(registered.body.state).toBe('authenticated');
    const me = await browser.call('GET', `/api/v1/users/me?minPosition=${registered.body.meta.position}`);
    expect(me.body.data.attributes).toMatchObject({
      email: 'grace@xn--bcher-kva.example',
      locale: 'fr',
      timezone: 'America/New_York',
      emailVerifiedAt: null,
      validatedAt: null,
    });
    const parts = await verificationParts('grace@xn--bcher-kva.example');
    const verified = await browser.call('POST', '/auth/email/verify', { body: parts });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const after = await browser.call('GET', `/api/v1/users/me?minPosition=${verified.body.meta.position}`);
    expect(after.body.data.attributes.emailVerifiedAt).not.toBeNull();
    expect((await browser.call('POST', '/auth/email/verify', { body: parts })).status).toBe(200);
  });

  it('refuses an address already registered (409 on /email), whatever its case', async () => {
    await app.browser().call('POST', '/auth/register', { body: registration('taken@example.org') });
    const again = await app
      .browser()
      .call('POST', '/auth/register', { body: registration('TAKEN@example.org') });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      code: 'conflict.duplicate_email',
      source: { pointer: '/email' },
    });
  });

  it('refuses altered and expired verification links (403)', async () => {
    await app.browser().call('POST', '/auth/register', { body: registration('links@example.org') });
    const parts = await verificationParts('links@example.org');
    const altered = await app.browser().call('POST', '/auth/email/verify', {
      body: { ...parts, expires: String(Number(parts.expires) + 3600) },
    });
    expect(altered.status).toBe(403);
    expect(altered.body.errors[0].code).toBe('auth.link_invalid');
    const garbage = await app
      .browser()
      .call('POST', '/auth/email/verify', { body: { ...parts, signature: 'zz' } });
    expect(garbage.body.errors[0].code).toBe('auth.link_invalid');
    app.advance(25 * 60 * 60_000);
    const expired = await app.browser().call('POST', '/auth/email/verify', { body: parts });
    expect(expired.status).toBe(403);
    expect(expired.body.errors[0].code).toBe('auth.link_expired');
  });

  it('sends the link again on request of the signed-in user', async () => {
    const browser = app.browser();
    await browser.call('POST', '/auth/register', { body: registration('again@example.org') });
    await app.platform.sql`delete from dev_mailbox where to_address = 'again@example.org'`;
    const resent = await browser.call('POST', '/auth/email/verification-notification');
    expect(resent.status).toBe(202);
    expect(await app.lastMail('again@example.org')).toBeDefined();
    expect((await app.browser().call('POST', '/auth/email/verification-notification')).status).toBe(401);
  });

  it.each([
    [{ ...registration('bad@example.org'), email: 'not an address' }, '/email'],
    [
      { ...registration('bad@example.org'), passwordConfirmation: 'different value' },
      '/passwordConfirmation',
    ],
    [{ ...registration('bad@example.org'), password: 'short', passwordConfirmation: 'short' }, '/password'],
    [{ ...registration('bad@example.org'), firstName: '' }, '/firstName'],
  ])('refuses %j with 422', async (body, pointer) => {
    const answer = await app.browser().call('POST', '/auth/register', { body });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(
      pointer,
    );
  });

  it('answers 404 when the register feature is off', async () => {
    const answer = await closedApp
      .browser()
      .call('POST', '/auth/register', { body: registration('closed@example.org') });
    expect(answer.status).toBe(404);
  });

  it('tells the web which account features are on (GET /api/v1/services/features)', async () => {
    const open = await app.browser().call('GET', '/api/v1/services/features');
    const closed = await closedApp.browser().call('GET', '/api/v1/services/features');
    expect(open.status).toBe(200);
    expect(open.body.data.features).toMatchObject({ register: true, twoFactor: true });
    expect(closed.body.data.features).toMatchObject({ register: false, twoFactor: true });
  });
});
