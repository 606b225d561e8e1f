import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createPlatform, type Platform, type PlatformOptions } from '@platform/host/platform';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { bodyOf, capturedLogger, TEST_ADMIN_TOKEN } from '../http.ts';
import { defaultPublicUrl } from '@platform/infra/config';

export interface Answer {
  status: number;
  headers: Headers;
  // documents are loosely typed in tests on purpose: assertions pin their shape
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** send X-Requested-With (the web client always does); false to test the CSRF check */
  csrf?: boolean;
  /** the caller's address (X-Forwarded-For, trusted from loopback by default): rate limits per IP */
  ip?: string;
}

/** A browser: keeps the session cookie between calls, like the web client (same origin, credentials). */
export interface Browser {
  call(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  cookie(): string | null;
  setCookie(value: string | null): void;
}

export interface AccountsTestApp {
  platform: Platform;
  /** the platform's own database */
  databaseUrl: string;
  url(path: string): string;
  browser(): Browser;
  /** the bootstrap API token (machine credential), JSON:API headers */
  admin(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** moves the platform's clock */
  advance(ms: number): void;
  /**
   * the waits of slowed sign-ins (ADR 0023), in the order they were asked: recorded, not spent (the answer
   * goes on at once), so tests assert on the declared delay and never on wall time
   */
  waits: number[];
  now(): Date;
  /** the latest message of the dev mailbox sent to `to` */
  lastMail(to: string): Promise<{ subject: string; text: string } | undefined>;
  close(): Promise<void>;
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, headers: response.headers, body: await bodyOf(response) };
}

/** Where a restarted platform runs: the database of a platform stopped before, its clock moved on. */
export interface RestartOptions {
  /** the database to start on (its events and read models kept); the test drops it, `close` does not */
  databaseUrl?: string;
  /** the platform's clock, ahead of the wall clock by this much from the start */
  clockOffsetMs?: number;
}

/** A test platform's options: a test's own over the defaults (its accounts' over the test accounts'). */
function testPlatformOptions(databaseUrl: string, own: Partial<PlatformOptions>): PlatformOptions {
  return {
    databaseUrl,
    adminToken: TEST_ADMIN_TOKEN,
    logger: process.env.ACCOUNTS_TEST_LOG ? pino({ level: 'error' }) : capturedLogger().logger,
    minPositionTimeoutMs: 60_000,
    ...own,
    accounts: {
      secret: 'test-secret-for-verification-links-0123456789',
      publicUrl: defaultPublicUrl(),
      ...own.accounts,
    },
  };
}

/**
 * Whether a platform started with these options finds its read models as the template's platform left them (the
 * test setup's createAppTemplate): another catalogue or another default locale shapes the tables otherwise (a
 * record's full-text column is generated under the default locale's configuration), and projections version
 * their code, not their options. Features and modules on or off only leave tables unused or add their own.
 */
function templateFits(options: Partial<PlatformOptions>): boolean {
  return options.resources === undefined && (options.defaultLocale ?? 'en') === 'en';
}

/**
 * Makes the database at `databaseUrl` (migrated, empty) what a platform with the default test options leaves at
 * its first start, for test apps to copy (tests/support/global-setup.ts): its read models created, no event.
 */
export async function createAppTemplate(databaseUrl: string): Promise<void> {
  const platform = await createPlatform(testPlatformOptions(databaseUrl, {}));
  await platform.start();
  await platform.stop();
}

/**
 * The whole platform on a fresh database (or the given one, to start a platform again on the events of a stopped
 * one) with a clock the test moves, listening on a free port.
 */
export async function startAccountsApp(
  accounts: PlatformOptions['accounts'] = {},
  options: Pick<
    PlatformOptions,
    | 'resources'
    | 'trustProxy'
    | 'minPositionTimeoutMs'
    | 'files'
    | 'features'
    | 'extraModules'
    | 'authorOrganization'
    | 'defaultLocale'
    | 'listCountCap'
  > = {},
  restart: RestartOptions = {},
): Promise<AccountsTestApp> {
  const db: TestDatabase = restart.databaseUrl
    ? { url: restart.databaseUrl, drop: async () => {} }
    : await createTestDatabase(templateFits(options) ? { from: 'platform' } : {});
  let offset = restart.clockOffsetMs ?? 0;
  const clock = () => new Date(Date.now() + offset);
  const waits: number[] = [];
  const platform = await createPlatform(
    testPlatformOptions(db.url, {
      clock,
      ...options,
      accounts: {
        wait: async (ms: number) => {
          waits.push(ms);
        },
        ...accounts,
      },
    }),
  );
  await platform.start();
  const server: Server = await new Promise((resolve) => {
    const s = platform.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  function browser(): Browser {
    let cookie: string | null = null;
    return {
      cookie: () => cookie,
      setCookie: (value) => {
        cookie = value;
      },
      async call(method, path, options = {}) {
        const headers: Record<string, string> = { Accept: 'application/vnd.api+json, application/json' };
        if (options.csrf !== false) headers['X-Requested-With'] = 'XMLHttpRequest';
        if (options.body !== undefined || options.raw !== undefined) {
          headers['Content-Type'] = path.startsWith('/auth')
            ? 'application/json'
            : 'application/vnd.api+json';
        }
        if (options.ip) headers['X-Forwarded-For'] = options.ip;
        if (cookie) headers.Cookie = `atc_session=${cookie}`;
        Object.assign(headers, options.headers);
        const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
        const response = await fetch(url(path), { method, headers, body });
        for (const set of response.headers.getSetCookie()) {
          const match = /^atc_session=([^;]*)/.exec(set);
          if (match) cookie = match[1] && !/Expires=Thu, 01 Jan 1970/i.test(set) ? match[1] : null;
        }
        return answer(response);
      },
    };
  }

  return {
    platform,
    databaseUrl: db.url,
    url,
    browser,
    async admin(method, path, body, headers = {}) {
      const response = await fetch(url(`/api/v1${path}`), {
        method,
        headers: {
          Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
          'Content-Type': 'application/vnd.api+json',
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer(response);
    },
    advance(ms) {
      offset += ms;
    },
    waits,
    now: clock,
    async lastMail(to) {
      const [row] = await platform.sql<{ subject: string; text_body: string }[]>`
        select subject, text_body from dev_mailbox where lower(to_address) = ${to.toLowerCase()} order by id desc limit 1`;
      return row ? { subject: row.subject, text: row.text_body } : undefined;
    },
    async close() {
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      await platform.stop();
      await db.drop();
    },
  };
}

/** Opens an account through the API token: created, verified, with a password; answers its id. */
/**
 * Grants a user roles as an administrator would, and waits until the users' read model has the grant: a session
 * reads its roles from there, so a request right after an ungranted read would be refused under load.
 */
export async function grantRoles(
  app: AccountsTestApp,
  userId: string,
  roles: readonly string[],
): Promise<string> {
  const granted = await app.admin('PATCH', `/users/${userId}`, {
    data: { type: 'users', relationships: { roles: { data: roles.map((id) => ({ type: 'roles', id })) } } },
  });
  if (granted.status !== 200)
    throw new Error(`grantRoles: ${granted.status} ${JSON.stringify(granted.body)}`);
  const position = granted.body.meta.position as string;
  const seen = await app.admin('GET', `/users/${userId}?minPosition=${position}`);
  if (seen.status !== 200) throw new Error(`grantRoles: the grant was not read back (${seen.status})`);
  return position;
}

export async function createUser(
  app: AccountsTestApp,
  attributes: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    emailVerified?: boolean;
  },
): Promise<{ id: string; position: string }> {
  const created = await app.admin('POST', '/users', {
    data: {
      type: 'users',
      attributes: {
        firstName: 'Test',
        lastName: 'User',
        password: 'correct horse battery',
        emailVerified: true,
        ...attributes,
      },
    },
  });
  if (created.status !== 201)
    throw new Error(`createUser: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.data.id as string, position: created.body.meta.position as string };
}

/** Signs a browser in with a password (no second factor); answers the login answer. */
export async function signIn(
  browser: Browser,
  email: string,
  password = 'correct horse battery',
): Promise<Answer> {
  return browser.call('POST', '/auth/login', { body: { email, password } });
}
