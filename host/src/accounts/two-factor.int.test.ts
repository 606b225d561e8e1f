import * as OTPAuth from 'otpauth';
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
      twoFactor: {
        accountIp: { max: 4, windowMs: 15 * 60_000 },
        ip: { max: 100, windowMs: 15 * 60_000 },
        account: { max: 6, windowMs: 15 * 60_000 },
      },
      passwordAgain: { account: { max: 3, windowMs: 15 * 60_000 } },
      enrolmentCode: { account: { max: 3, windowMs: 15 * 60_000 } },
    },
  });
});
afterAll(async () => {
  await app.close();
});

/** The code an authenticator app shows at the platform's current time (same library, same secret). */
const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: at.getTime(),
  });

async function enrolTotp(browser: Browser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await browser.call('POST', '/auth/two-factor/enable', { body: { strategy: 'totp' } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body).toMatchObject({ state: 'confirmation_required', strategy: 'totp' });
  expect(started.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(started.body.qrCodeSvg).toMatch(/^<svg/);
  const secret = started.body.secret as string;
  const wrong = await browser.call('POST', '/auth/two-factor/confirm', {
    body: { code: '000000' === codeAt(secret, app.now()) ? '111111' : '000000' },
  });
  expect(wrong.status).toBe(422);
  const confirmed = await browser.call('POST', '/auth/two-factor/confirm', {
    body: { code: codeAt(secret, app.now()) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.recoveryCodes).toHaveLength(8);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

describe('two-factor sign-in with TOTP', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('enrols an authenticator, then asks for a code at sign-in', async () => {
    await createUser(app, { email: 'totp@example.org' });
    const browser = app.browser();
    await signIn(browser, 'totp@example.org');
    ({ secret, recoveryCodes } = await enrolTotp(browser));
    const me = await browser.call('GET', '/api/v1/users/me', { headers: {} });
    expect(me.status).toBe(200);

    const next = app.browser();
    const login = await signIn(next, 'totp@example.org');
    expect(login.body).toEqual({ state: 'two_factor_required', strategy: 'totp' });
    // the pending step is not a sign-in
    expect((await next.call('GET', '/api/v1/users/me')).status).toBe(401);
    const pendingCookie = next.cookie();
    const wrong = await next.call('POST', '/auth/two-factor/login', { body: { code: '12345a' } });
    expect(wrong.status).toBe(422);
    const code = codeAt(secret, app.now());
    const done = await next.call('POST', '/auth/two-factor/login', { body: { code } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.state).toBe('authenticated');
    expect(next.cookie()).not.toBe(pendingCookie);
    expect((await next.call('GET', '/api/v1/users/me')).status).toBe(200);
  });

  it('refuses a replayed code, accepts the next step', async () => {
    const code = codeAt(secret, app.now());
    const first = app.browser();
    await signIn(first, 'totp@example.org');
    const used = await first.call('POST', '/auth/two-factor/login', { body: { code } });
    // the code of this step may already have been spent by the previous test (same 30 s step)
    if (used.status === 200) {
      const replay = app.browser();
      await signIn(replay, 'totp@example.org');
      const refused = await replay.call('POST', '/auth/two-factor/login', { body: { code } });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'validation.invalid_code',
        source: { pointer: '/code' },
      });
      expect(refused.body.errors[0].detail).toMatch(/already used/);
    } else {
      expect(used.body.errors[0].detail).toMatch(/already used/);
    }
    app.advance(30_000);
    const later = app.browser();
    await signIn(later, 'totp@example.org');
    const next = await later.call('POST', '/auth/two-factor/login', {
      body: { code: codeAt(secret, app.now()) },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it('lets only one of two concurrent sign-ins use the same code', async () => {
    app.advance(30_000);
    const [a, b] = [app.browser(), app.browser()];
    await signIn(a, 'totp@example.org');
    await signIn(b, 'totp@example.org');
    const code = codeAt(secret, app.now());
    const answers = await Promise.all(
      [a, b].map((tab) => tab.call('POST', '/auth/two-factor/login', { body: { code } })),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
  });

  it('accepts a recovery code once', async () => {
    const browser = app.browser();
    await signIn(browser, 'totp@example.org');
    const ok = await browser.call('POST', '/auth/two-factor/login', {
      body: { recoveryCode: recoveryCodes[0] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const again = app.browser();
    await signIn(again, 'totp@example.org');
    const spent = await again.call('POST', '/auth/two-factor/login', {
      body: { recoveryCode: recoveryCodes[0] },
    });
    expect(spent.status).toBe(422);
    expect(spent.body.errors[0].source.pointer).toBe('/recoveryCode');
  });

  it('expires a pending sign-in (419) and needs one to exist', async () => {
    const browser = app.browser();
    await signIn(browser, 'totp@example.org');
    app.advance(11 * 60_000);
    const expired = await browser.call('POST', '/auth/two-factor/login', {
      body: { code: codeAt(secret, app.now()) },
    });
    expect(expired.status).toBe(419);
    expect(expired.body.errors[0].code).toBe('auth.session_expired');
    const none = await app.browser().call('POST', '/auth/two-factor/login', { body: { code: '123456' } });
    expect(none.status).toBe(419);
  });

  it('limits code guesses per account and address with a 429, even for the right code, and bounds them across addresses', async () => {
    await createUser(app, { email: 'guesser@example.org' });
    const setup = app.browser();
    await signIn(setup, 'guesser@example.org');
    const { secret: guessSecret } = await enrolTotp(setup);
    const wrongCode = () => (codeAt(guessSecret, app.now()) === '999999' ? '999998' : '999999');
    const pendingAt = async (ip: string) => {
      const browser = app.browser();
      const login = await browser.call('POST', '/auth/login', {
        body: { email: 'guesser@example.org', password: 'correct horse battery' },
        ip,
      });
      expect(login.body.state).toBe('two_factor_required');
      return browser;
    };
    const guess = (browser: Browser, ip: string, code = wrongCode()) =>
      browser.call('POST', '/auth/two-factor/login', { body: { code }, ip }).then((a) => a.status);

    const first = await pendingAt('203.0.113.1');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await guess(first, '203.0.113.1'));
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    expect(await guess(first, '203.0.113.1', codeAt(guessSecret, app.now()))).toBe(429);

    // from another address: 4 counted of the account's 6, so 2 more guesses and then the ceiling
    const second = await pendingAt('203.0.113.2');
    expect([await guess(second, '203.0.113.2'), await guess(second, '203.0.113.2')]).toEqual([422, 422]);
    expect(await guess(second, '203.0.113.2')).toBe(429);
    expect(await guess(second, '203.0.113.2', codeAt(guessSecret, app.now()))).toBe(429);
  });

  it('turns two-factor off with the password', async () => {
    const browser = app.browser();
    await signIn(browser, 'totp@example.org');
    await browser.call('POST', '/auth/two-factor/login', { body: { recoveryCode: recoveryCodes[1] } });
    expect(
      (await browser.call('POST', '/auth/two-factor/disable', { body: { password: 'wrong password' } }))
        .status,
    ).toBe(422);
    const off = await browser.call('POST', '/auth/two-factor/disable', {
      body: { password: 'correct horse battery' },
    });
    expect(off.status).toBe(200);
    expect((await signIn(app.browser(), 'totp@example.org')).body.state).toBe('authenticated');
  });
});

describe('two-factor sign-in with an e-mailed code', () => {
  it('mails a code at sign-in and accepts it', async () => {
    await createUser(app, { email: 'mailcode@example.org' });
    const browser = app.browser();
    await signIn(browser, 'mailcode@example.org');
    const enabled = await browser.call('POST', '/auth/two-factor/enable', { body: { strategy: 'email' } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(8);
    const next = app.browser();
    expect((await signIn(next, 'mailcode@example.org')).body).toEqual({
      state: 'two_factor_required',
      strategy: 'email',
    });
    const code = /code is (\d{6})/.exec((await app.lastMail('mailcode@example.org'))?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const done = await next.call('POST', '/auth/two-factor/login', { body: { code } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('refuses two-factor calls while the feature is off (404)', async () => {
    const off = await startAccountsApp({ features: { twoFactor: false } });
    try {
      await createUser(off, { email: 'off@example.org' });
      const browser = off.browser();
      await signIn(browser, 'off@example.org');
      expect(
        (await browser.call('POST', '/auth/two-factor/enable', { body: { strategy: 'totp' } })).status,
      ).toBe(404);
      expect(
        (await browser.call('POST', '/auth/two-factor/login', { body: { code: '123456' } })).status,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the checks of a signed-in account', () => {
  it('limits the password asked again to turn two-factor off, per account across its sessions', async () => {
    await createUser(app, { email: 'again@example.org' });
    const first = app.browser();
    await signIn(first, 'again@example.org');
    await first.call('POST', '/auth/two-factor/enable', { body: { strategy: 'email' } });
    const disable = (browser: Browser, password: string) =>
      browser.call('POST', '/auth/two-factor/disable', { body: { password } });
    expect([(await disable(first, 'wrong 1')).status, (await disable(first, 'wrong 2')).status]).toEqual([
      422, 422,
    ]);
    // another session of the same account (a second sign-in needs the mailed code) shares the budget
    const second = app.browser();
    await signIn(second, 'again@example.org');
    const code = /code is (\d{6})/.exec((await app.lastMail('again@example.org'))?.text ?? '')?.[1];
    expect((await second.call('POST', '/auth/two-factor/login', { body: { code } })).status).toBe(200);
    expect((await disable(second, 'wrong 3')).status).toBe(422);
    const refused = await disable(second, 'correct horse battery');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ code: 'auth.rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await disable(first, 'correct horse battery')).status).toBe(429);
    app.advance(15 * 60_000 + 1_000);
    expect((await disable(first, 'correct horse battery')).status).toBe(200);
  });

  it('limits the enrolment code per account, the right code past the limit refused too', async () => {
    await createUser(app, { email: 'enrol@example.org' });
    const browser = app.browser();
    await signIn(browser, 'enrol@example.org');
    const started = await browser.call('POST', '/auth/two-factor/enable', { body: { strategy: 'totp' } });
    const secret = started.body.secret as string;
    const right = () => codeAt(secret, app.now());
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    const confirm = (code: string) =>
      browser.call('POST', '/auth/two-factor/confirm', { body: { code } }).then((a) => a.status);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await confirm(wrong()));
    expect(statuses).toEqual([422, 422, 422]);
    expect(await confirm(right())).toBe(429);
    app.advance(15 * 60_000 + 1_000);
    expect(await confirm(right())).toBe(200);
  });
});
