import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@platform/command-api/auth/rate-limit';
import {
  createUser,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

// the platform's own limits (ADR 0023): these tests hold the numbers a site runs with
let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const PASSWORD = 'correct horse battery';
const login = (browser: Browser, email: string, password: string, ip: string) =>
  browser.call('POST', '/auth/login', { body: { email, password }, ip });

describe('sign-in limits at their defaults', () => {
  it('holds the numbers ADR 0023 records', () => {
    expect(DEFAULT_RATE_LIMITS.login).toEqual({
      accountIp: { max: 5, windowMs: 15 * 60_000 },
      ip: { max: 30, windowMs: 15 * 60_000 },
      account: { max: 100, windowMs: 60 * 60_000 },
      slowdown: { firstMs: 1_000, maxMs: 20_000, knownForMs: 90 * 24 * 60 * 60_000 },
    });
  });

  it('lets 25 members of one organization sign in from its one address within a minute', async () => {
    const centre = '198.51.100.10';
    const staff = Array.from({ length: 25 }, (_, i) => `staff${i}@centre.example.org`);
    for (const email of staff) await createUser(app, { email });
    const answers = await Promise.all(staff.map((email) => login(app.browser(), email, PASSWORD, centre)));
    expect(answers.map((a) => a.status)).toEqual(staff.map(() => 200));
    // and once more each in the same window: 50 sign-ins from one address, past its 30, for successes never count
    app.advance(30_000);
    const again = await Promise.all(staff.map((email) => login(app.browser(), email, PASSWORD, centre)));
    expect(again.map((a) => a.status)).toEqual(staff.map(() => 200));
  });

  it("does not let 6 wrong passwords from a stranger's address stop the owner signing in from theirs", async () => {
    await createUser(app, { email: 'owner@example.org' });
    const stranger = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login(app.browser(), 'owner@example.org', `guess ${i}`, stranger)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // the right password after the account+address limit is still refused from there (no oracle)
    expect((await login(app.browser(), 'owner@example.org', PASSWORD, stranger)).status).toBe(429);
    expect((await login(app.browser(), 'owner@example.org', PASSWORD, '198.51.100.99')).status).toBe(200);
  });

  it("does not let 100 strangers' failures from 20 addresses stop the owner signing in from theirs: it slows the strangers", async () => {
    await createUser(app, { email: 'target@example.org' });
    const owner = '198.51.100.77';
    expect((await login(app.browser(), 'target@example.org', PASSWORD, owner)).status).toBe(200);
    // 20 addresses each at their own limit of 5: the account's ceiling of 100 failures an hour is reached
    const before = app.waits.length;
    for (let a = 0; a < 20; a++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          login(app.browser(), 'target@example.org', `guess ${a}-${i}`, `203.0.114.${a}`),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual([422, 422, 422, 422, 422]);
    }
    expect(app.waits.slice(before)).toEqual([]);
    // the 101st from a 21st address: answered, slowly (1 s), and the next slower still
    const slowed = await login(app.browser(), 'target@example.org', 'guess', '203.0.114.21');
    expect(slowed.status).toBe(422);
    await login(app.browser(), 'target@example.org', 'guess', '203.0.114.22');
    expect(app.waits.slice(before)).toEqual([1_000, 2_000]);
    // the owner from their address: signed in at once
    const mine = await login(app.browser(), 'target@example.org', PASSWORD, owner);
    expect(mine.status).toBe(200);
    expect(app.waits.slice(before)).toEqual([1_000, 2_000]);
  });

  it('refuses the 31st failure from one address, even for a new account with its right password', async () => {
    const ip = '203.0.113.31';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await login(app.browser(), `nobody${i}@example.org`, 'a guess', ip)).status);
    }
    expect(statuses).toEqual(statuses.map(() => 422));
    await createUser(app, { email: 'newcomer@example.org' });
    const refused = await login(app.browser(), 'newcomer@example.org', PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ code: 'auth.rate_limited' });
    expect(refused.body.errors[0].meta.retryAfter).toBe(Number(refused.headers.get('retry-after')));
    expect((await login(app.browser(), 'newcomer@example.org', PASSWORD, '203.0.113.32')).status).toBe(200);
  });

  it('bounds registrations per address, successful ones included', async () => {
    const register = (i: number, ip: string) =>
      app
        .browser()
        .call('POST', '/auth/register', {
          body: {
            email: `joiner${ip}-${i}@example.org`,
            password: PASSWORD,
            passwordConfirmation: PASSWORD,
            firstName: 'New',
            lastName: 'Member',
          },
          ip,
        })
        .then((a) => a.status);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await register(i, '203.0.113.120'));
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
    expect(await register(0, '203.0.113.121')).toBe(201);
  });
});

describe('the client address (TRUST_PROXY)', () => {
  it('by default believes X-Forwarded-For from a proxy on this host only', () => {
    const trusted = app.platform.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    expect(trusted('127.0.0.1', 0)).toBe(true);
    expect(trusted('::1', 0)).toBe(true);
    expect(trusted('192.0.2.10', 0)).toBe(false);
    expect(trusted('10.1.2.3', 0)).toBe(false);
  });

  // a peer that is not the loopback: this host's own address on a network interface, when it has one
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  it.skipIf(!external)(
    'by default ignores X-Forwarded-For from a peer that is not on this host: the peer is the client',
    async () => {
      const server = await new Promise<import('node:http').Server>((resolve) => {
        const s = app.platform.app.listen(0, external!, () => resolve(s));
      });
      try {
        const { port } = server.address() as import('node:net').AddressInfo;
        const call = () =>
          fetch(`http://${external}:${port}/auth/login`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Requested-With': 'XMLHttpRequest',
              // a different made-up client each time: were they believed, no address would reach its limit
              'X-Forwarded-For': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            },
            body: JSON.stringify({ email: 'peer@example.org', password: 'a guess' }),
          }).then((r) => r.status);
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push(await call());
        expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
        const [row] = await app.platform.sql<{ hits: number }[]>`
          select hits from auth_rate_limits where key = ${`login:ip:${external}`}`;
        expect(row?.hits).toBe(5);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
      }
    },
  );

  it('with TRUST_PROXY=1 takes the hop the one proxy in front added, not what the client wrote before it', async () => {
    const behindOne = await startAccountsApp({}, { trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        // the client writes a made-up address; the proxy appends the one it saw
        const answer = await behindOne.browser().call('POST', '/auth/login', {
          body: { email: 'hops@example.org', password: 'a guess' },
          ip: `198.18.0.${i}, 203.0.113.7`,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
      const keys = await behindOne.platform.sql<{ key: string }[]>`
        select key from auth_rate_limits where key like 'login:ip:%' order by key`;
      expect(keys.map((k) => k.key)).toEqual(['login:ip:203.0.113.7']);
    } finally {
      await behindOne.close();
    }
  });
});
