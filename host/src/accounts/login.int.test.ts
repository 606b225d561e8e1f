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
  app = await startAccountsApp({
    limits: {
      login: {
        accountIp: { max: 3, windowMs: 60_000 },
        ip: { max: 6, windowMs: 60_000 },
        account: { max: 8, windowMs: 60_000 },
      },
    },
    sessionPolicy: { idleMs: 30 * 60_000, absoluteMs: 4 * 60 * 60_000 },
  });
});
afterAll(async () => {
  await app.close();
});

const PASSWORD = 'correct horse battery';

describe('POST /auth/login', () => {
  it('signs in with a session cookie (httpOnly, SameSite=Lax) and GET /users/me answers the account', async () => {
    const { id } = await createUser(app, { email: 'ada@example.org', firstName: 'Ada' });
    const browser = app.browser();
    const login = await browser.call('POST', '/auth/login', {
      body: { email: 'ADA@example.org', password: PASSWORD },
      ip: '198.51.100.1',
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({ state: 'authenticated', redirectTo: 'account.profile' });
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/atc_session=[A-Za-z0-9_-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await browser.call('GET', `/api/v1/users/me?minPosition=${login.body.meta.position}`);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data).toMatchObject({
      type: 'users',
      id,
      attributes: { firstName: 'Ada', email: 'ada@example.org', hasPassword: true },
    });
    expect(me.body.data.attributes.lastLoginAt).not.toBeNull();
  });

  it('answers a wrong password and an unknown address the same way (no enumeration)', async () => {
    const browser = app.browser();
    const wrong = await browser.call('POST', '/auth/login', {
      body: { email: 'ada@example.org', password: 'not the password' },
      ip: '198.51.100.2',
    });
    const unknown = await browser.call('POST', '/auth/login', {
      body: { email: 'nobody@example.org', password: 'not the password' },
      ip: '198.51.100.2',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ code: 'validation.invalid_credentials', source: { pointer: '/email' } }),
      ]);
    }
    expect(wrong.body.errors[0].detail).toBe(unknown.body.errors[0].detail);
    expect(browser.cookie()).toBeNull();
  });

  it.each([
    [{ email: 'ada@example.org' }, '/password'],
    [{ email: 'ada@example.org', password: 'x', extra: true }, ''],
    [{ email: 12, password: 'x' }, '/email'],
  ])('refuses the malformed body %j with 422 at %s', async (body, pointer) => {
    const answer = await app.browser().call('POST', '/auth/login', { body, ip: '198.51.100.3' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].source.pointer).toBe(pointer);
  });

  it('refuses malformed JSON with a 400 and a login without X-Requested-With with a 403', async () => {
    const browser = app.browser();
    expect((await browser.call('POST', '/auth/login', { raw: '{"email":', ip: '198.51.100.3' })).status).toBe(
      400,
    );
    const csrf = await browser.call('POST', '/auth/login', {
      body: { email: 'ada@example.org', password: PASSWORD },
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    expect(csrf.body.errors[0].code).toBe('auth.csrf');
  });

  const login = (browser: Browser, email: string, password: string, ip: string) =>
    browser.call('POST', '/auth/login', { body: { email, password }, ip });

  it("limits a stranger's guesses at an account from their address (429, Retry-After, even for the right password), not the owner's", async () => {
    await createUser(app, { email: 'limited@example.org' });
    const stranger = app.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await login(stranger, 'limited@example.org', 'wrong password', '203.0.113.1')).status);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    // past the limit the right password is refused as well: the answer tells a guesser nothing
    const blocked = await login(stranger, 'limited@example.org', PASSWORD, '203.0.113.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0]).toMatchObject({
      status: '429',
      code: 'auth.rate_limited',
      title: 'Too many requests',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // the wait is in the document as well, for clients that cannot read the header
    expect(blocked.body.errors[0].meta.retryAfter).toBe(Number(blocked.headers.get('retry-after')));
    // the owner, from their own address, is not locked out by the stranger
    expect((await login(app.browser(), 'limited@example.org', PASSWORD, '203.0.113.50')).status).toBe(200);
    app.advance(61_000);
    expect((await login(stranger, 'limited@example.org', PASSWORD, '203.0.113.1')).status).toBe(200);
  });

  it('counts failures only: successes never use up an address, and a success clears the account+address count', async () => {
    await createUser(app, { email: 'busy@example.org' });
    const ip = '198.51.100.20';
    // twice the address's limit of sign-ins, all let in
    for (let i = 0; i < 12; i++) {
      expect((await login(app.browser(), 'busy@example.org', PASSWORD, ip)).status).toBe(200);
    }
    // two wrong passwords, a right one, two wrong ones again: the third failure in a row has not come
    const statuses: number[] = [];
    for (const password of ['typo one', 'typo two', PASSWORD, 'typo three', 'typo four', PASSWORD]) {
      statuses.push((await login(app.browser(), 'busy@example.org', password, ip)).status);
    }
    expect(statuses).toEqual([422, 422, 200, 422, 422, 200]);
  });

  it('limits failures per address across accounts, and then refuses the right password of another account too', async () => {
    await createUser(app, { email: 'bystander@example.org' });
    const browser = app.browser();
    const ip = '192.0.2.77';
    for (let i = 0; i < 6; i++) {
      const answer = await login(browser, `guess${i}@example.org`, 'whatever it is', ip);
      expect(answer.status).toBe(422);
    }
    const blocked = await login(browser, 'another@example.org', 'whatever it is', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).not.toBeNull();
    expect((await login(browser, 'bystander@example.org', PASSWORD, ip)).status).toBe(429);
    expect((await login(browser, 'bystander@example.org', PASSWORD, '192.0.2.78')).status).toBe(200);
  });

  it("slows a guess spread over many addresses past the account's ceiling; its owner still signs in (ADR 0023)", async () => {
    await createUser(app, { email: 'spread@example.org' });
    const guess = (ip: string) =>
      login(app.browser(), 'spread@example.org', 'guess', ip).then((a) => a.status);
    const right = (ip: string) =>
      login(app.browser(), 'spread@example.org', PASSWORD, ip).then((a) => a.status);
    // the waits each call asked for (recorded by the test app, not spent)
    const waitsOf = async (call: () => Promise<number>) => {
      const before = app.waits.length;
      const status = await call();
      return { status, waits: app.waits.slice(before) };
    };
    // the owner signs in from their address: it becomes known to the account
    expect(await right('198.51.100.200')).toBe(200);
    const statuses: number[] = [];
    // one address keeps trying past its limit: only its first 3 failures count towards the account's 8
    for (let i = 0; i < 6; i++) statuses.push(await guess('203.0.113.100'));
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429]);
    const spread: number[] = [];
    for (let i = 0; i < 5; i++) spread.push(await guess(`203.0.113.${101 + i}`));
    expect(spread).toEqual([422, 422, 422, 422, 422]);
    expect(app.waits).toEqual([]);
    // past the ceiling: no wall, a slower answer, doubling with every failure (1 s, 2 s, ...)
    expect(await waitsOf(() => guess('203.0.113.106'))).toEqual({ status: 422, waits: [1_000] });
    expect(await waitsOf(() => guess('203.0.113.107'))).toEqual({ status: 422, waits: [2_000] });
    // the owner from their known address: not slowed, signed in
    expect(await waitsOf(() => right('198.51.100.200'))).toEqual({ status: 200, waits: [] });
    // the owner from an address new to the account: slowed like anyone, but signed in (and their success
    // gives their attempt back: the next stranger waits as long as the last)
    expect(await waitsOf(() => right('198.51.100.201'))).toEqual({ status: 200, waits: [4_000] });
    expect(await waitsOf(() => guess('203.0.113.108'))).toEqual({ status: 422, waits: [4_000] });
    // bounded: never more than 20 s however many failures
    const later: number[] = [];
    for (let i = 0; i < 5; i++) later.push(...(await waitsOf(() => guess(`203.0.113.${110 + i}`))).waits);
    expect(later).toEqual([8_000, 16_000, 20_000, 20_000, 20_000]);
    // the address the owner signed in from just now is known too
    expect(await waitsOf(() => right('198.51.100.201'))).toEqual({ status: 200, waits: [] });
    // the ceiling's window ends: nobody is slowed
    app.advance(61_000);
    expect(await waitsOf(() => guess('203.0.113.120'))).toEqual({ status: 422, waits: [] });
  });
});

describe('sessions', () => {
  it('rotates the session id at sign-in', async () => {
    await createUser(app, { email: 'rotate@example.org' });
    const browser = app.browser();
    expect((await signIn(browser, 'rotate@example.org')).status).toBe(200);
    const first = browser.cookie();
    expect((await signIn(browser, 'rotate@example.org')).status).toBe(200);
    expect(browser.cookie()).not.toBe(first);
    const stale = app.browser();
    stale.setCookie(first);
    expect((await stale.call('GET', '/api/v1/users/me')).status).toBe(401);
  });

  it('requires X-Requested-With on unsafe API calls carried by the cookie (403), not on reads', async () => {
    const { id } = await createUser(app, { email: 'csrf@example.org' });
    const browser = app.browser();
    await signIn(browser, 'csrf@example.org');
    const patch = { data: { type: 'users', id, attributes: { phone: '0102030405' } } };
    const refused = await browser.call('PATCH', '/api/v1/users/me', { body: patch, csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('auth.csrf');
    expect((await browser.call('GET', '/api/v1/users/me', { csrf: false })).status).toBe(200);
    expect((await browser.call('PATCH', '/api/v1/users/me', { body: patch })).status).toBe(200);
  });

  it('signs out every tab: the shared cookie no longer works anywhere', async () => {
    await createUser(app, { email: 'tabs@example.org' });
    const tab1 = app.browser();
    await signIn(tab1, 'tabs@example.org');
    const tab2 = app.browser();
    tab2.setCookie(tab1.cookie());
    expect((await tab2.call('GET', '/api/v1/users/me')).status).toBe(200);
    const out = await tab1.call('POST', '/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.state).toBe('logged_out');
    expect(tab1.cookie()).toBeNull();
    // the other tab still holds the old cookie until an answer clears it: its next write is a 419
    expect(
      (await tab2.call('PATCH', '/api/v1/users/me', { body: { data: { type: 'users', attributes: {} } } }))
        .status,
    ).toBe(419);
    expect(tab2.cookie()).toBeNull();
    expect((await tab2.call('GET', '/api/v1/users/me')).status).toBe(401);
  });

  it('expires an idle session: 419 on a write, signed out on a read', async () => {
    await createUser(app, { email: 'idle@example.org' });
    const browser = app.browser();
    await signIn(browser, 'idle@example.org');
    app.advance(31 * 60_000);
    const write = await browser.call('PATCH', '/api/v1/users/me', {
      body: { data: { type: 'users', attributes: { phone: '1' } } },
    });
    expect(write.status).toBe(419);
    expect(write.body.errors[0]).toMatchObject({ code: 'auth.session_expired', title: 'Session expired' });
    expect((await browser.call('GET', '/api/v1/users/me')).status).toBe(401);
  });

  it('ends a session at its absolute expiry even when used all along', async () => {
    await createUser(app, { email: 'absolute@example.org' });
    const browser = app.browser();
    await signIn(browser, 'absolute@example.org');
    for (let i = 0; i < 9; i++) {
      app.advance(25 * 60_000);
      expect((await browser.call('GET', '/api/v1/users/me')).status).toBe(200);
    }
    app.advance(25 * 60_000);
    expect((await browser.call('GET', '/api/v1/users/me')).status).toBe(401);
  });

  it('keeps the API token working as the admin machine credential; it has no account of its own', async () => {
    const me = await app.admin('GET', '/users/me');
    expect(me.status).toBe(404);
    expect((await app.admin('GET', '/users')).status).toBe(200);
    expect((await app.browser().call('GET', '/api/v1/users/me')).status).toBe(401);
  });
});
