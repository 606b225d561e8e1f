import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({
    limits: {
      passwordReset: {
        accountIp: { max: 4, windowMs: 60 * 60_000 },
        ip: { max: 100, windowMs: 60 * 60_000 },
        account: { max: 6, windowMs: 60 * 60_000 },
      },
      login: { account: { max: 2, windowMs: 60 * 60_000 } },
    },
  });
});
afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

/** The token and address of the reset link in the last mail to `email`. */
async function resetLink(email: string) {
  const mail = await app.lastMail(email);
  const match = /\/auth\/password\/reset\/([A-Za-z0-9_-]+)\/([^\s]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}: ${mail?.text}`);
  return { token: match[1]!, email: decodeURIComponent(match[2]!) };
}

const reset = (body: Record<string, unknown>) =>
  app.browser().call('POST', '/auth/password/reset', {
    body: { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, ...body },
  });

describe('password reset', () => {
  it('answers the same for known and unknown addresses, and mails only known ones', async () => {
    await createUser(app, { email: 'known@example.org' });
    const known = await app
      .browser()
      .call('POST', '/auth/password/forgot', { body: { email: 'known@example.org' } });
    const unknown = await app
      .browser()
      .call('POST', '/auth/password/forgot', { body: { email: 'unknown@example.org' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await app.lastMail('known@example.org')).toMatchObject({
      subject: expect.stringContaining('reset'),
    });
    expect(await app.lastMail('unknown@example.org')).toBeUndefined();
  });

  it('resets with the mailed token once, signs every session out, and the new password works', async () => {
    await createUser(app, { email: 'reset@example.org' });
    const elsewhere = app.browser();
    expect((await signIn(elsewhere, 'reset@example.org')).status).toBe(200);
    await app.browser().call('POST', '/auth/password/forgot', { body: { email: 'reset@example.org' } });
    const link = await resetLink('reset@example.org');
    const done = await reset(link);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.state).toBe('password_reset');
    expect((await elsewhere.call('GET', '/api/v1/users/me')).status).toBe(401);
    expect((await signIn(app.browser(), 'reset@example.org')).status).toBe(422);
    expect((await signIn(app.browser(), 'reset@example.org', NEW_PASSWORD)).status).toBe(200);

    const again = await reset(link);
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({
      code: 'validation.invalid_token',
      source: { pointer: '/token' },
    });
    expect(again.body.errors[0].detail).toMatch(/already used/);
  });

  it('refuses an expired token, a token for another address and a made-up token', async () => {
    await createUser(app, { email: 'late@example.org' });
    await app.browser().call('POST', '/auth/password/forgot', { body: { email: 'late@example.org' } });
    const link = await resetLink('late@example.org');
    const other = await reset({ ...link, email: 'known@example.org' });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].detail).toMatch(/not valid/);
    expect((await reset({ token: 'made-up-token', email: link.email })).status).toBe(422);
    app.advance(61 * 60_000);
    const expired = await reset(link);
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].detail).toMatch(/expired/);
  });

  it('checks the new password before spending the token', async () => {
    await createUser(app, { email: 'weak@example.org' });
    await app.browser().call('POST', '/auth/password/forgot', { body: { email: 'weak@example.org' } });
    const link = await resetLink('weak@example.org');
    const short = await app.browser().call('POST', '/auth/password/reset', {
      body: { ...link, password: 'short', passwordConfirmation: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors[0].source.pointer).toBe('/password');
    const mismatch = await app.browser().call('POST', '/auth/password/reset', {
      body: { ...link, password: NEW_PASSWORD, passwordConfirmation: 'something else' },
    });
    expect(mismatch.body.errors[0].source.pointer).toBe('/passwordConfirmation');
    expect((await reset(link)).status).toBe(200);
  });

  it('limits reset requests per account from an address, and per account across addresses (the mail it gets)', async () => {
    const forgot = (ip: string) =>
      app
        .browser()
        .call('POST', '/auth/password/forgot', { body: { email: 'flood@example.org' }, ip })
        .then((a) => a.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await forgot('203.0.113.1'));
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // another address still may ask, up to the account's ceiling of 6
    expect([await forgot('203.0.113.2'), await forgot('203.0.113.2'), await forgot('203.0.113.3')]).toEqual([
      200, 200, 429,
    ]);
  });

  it('limits made-up tokens per address, the requests that mailed the link never stand in its way', async () => {
    await createUser(app, { email: 'tokens@example.org' });
    const ip = '198.51.100.40';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await app.browser().call('POST', '/auth/password/reset', {
            body: {
              token: `made-up-${i}`,
              email: 'tokens@example.org',
              password: NEW_PASSWORD,
              passwordConfirmation: NEW_PASSWORD,
            },
            ip,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    // from the owner's address: four requests (its limit), then the link they mailed is spent
    for (let i = 0; i < 4; i++) {
      const asked = await app.browser().call('POST', '/auth/password/forgot', {
        body: { email: 'tokens@example.org' },
        ip: '198.51.100.41',
      });
      expect(asked.status).toBe(200);
    }
    const link = await resetLink('tokens@example.org');
    const done = await app.browser().call('POST', '/auth/password/reset', {
      body: { ...link, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ip: '198.51.100.41',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it("frees an account's sign-in from strangers' slowdown once its owner reset the password", async () => {
    await createUser(app, { email: 'walled@example.org' });
    const login = (password: string, ip: string) =>
      app
        .browser()
        .call('POST', '/auth/login', { body: { email: 'walled@example.org', password }, ip })
        .then((a) => a.status);
    // the account's ceiling in this file is 2 failures across all addresses: past it, answers are slowed
    expect([await login('guess', '203.0.113.61'), await login('guess', '203.0.113.62')]).toEqual([422, 422]);
    const before = app.waits.length;
    expect(await login('guess', '203.0.113.63')).toBe(422);
    expect(app.waits.slice(before)).toEqual([1_000]);
    await app.browser().call('POST', '/auth/password/forgot', {
      body: { email: 'walled@example.org' },
      ip: '203.0.113.63',
    });
    expect((await reset({ ...(await resetLink('walled@example.org')) })).status).toBe(200);
    // the reset deleted the account's counters: from an address it never signed in from, no wait
    expect(await login(NEW_PASSWORD, '203.0.113.64')).toBe(200);
    expect(app.waits.slice(before)).toEqual([1_000]);
  });
});
