import type { Response } from 'express';
import type { Sql } from 'postgres';
import { DomainError } from '@platform/contracts/errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * A guessed secret's limits (ADR 0023): `accountIp` protects one account from one address (a stranger's guesses
 * use up the stranger's budget, not the owner's), `ip` bounds what one address tries across accounts, `account`
 * is the high ceiling that bounds a guess spread over many addresses. Failures count, successes do not.
 */
export interface GuessLimits {
  accountIp: Limit;
  ip: Limit;
  account: Limit;
  /**
   * What the account's ceiling does once reached: absent, it refuses (429) like the other limits; set, it
   * slows instead (ADR 0023): every failure past the ceiling makes the next answers wait longer, doubling from
   * `firstMs` up to `maxMs`, and a client at an address the account has signed in from before is not slowed.
   */
  slowdown?: Slowdown;
}

export interface Slowdown {
  firstMs: number;
  maxMs: number;
  /** how long an address the account signed in from stays known (no slowdown there) */
  knownForMs: number;
}

/** Per action (ADR 0023). Reset and registration requests count whatever their outcome. */
export interface RateLimits {
  login: GuessLimits;
  twoFactor: GuessLimits;
  /** reset requests (each one mails) and reset tokens (only a refused token counts) */
  passwordReset: GuessLimits;
  register: { ip: Limit };
  verificationEmail: { account: Limit };
  /**
   * Checks of a signed-in account (its session may be in someone else's hands): failures count, per account
   * across its sessions. The password asked again to turn two-factor off:
   */
  passwordAgain: { account: Limit };
  /** the first code of an authenticator being enrolled */
  enrolmentCode: { account: Limit };
}

/** What a platform may change: any limit of any action, the others keep their defaults. */
export type RateLimitOverrides = { [A in keyof RateLimits]?: Partial<RateLimits[A]> };

const minutes = (n: number) => n * 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    accountIp: { max: 5, windowMs: minutes(15) },
    ip: { max: 30, windowMs: minutes(15) },
    account: { max: 100, windowMs: minutes(60) },
    slowdown: { firstMs: 1_000, maxMs: 20_000, knownForMs: 90 * 24 * minutes(60) },
  },
  twoFactor: {
    accountIp: { max: 5, windowMs: minutes(15) },
    ip: { max: 30, windowMs: minutes(15) },
    account: { max: 20, windowMs: minutes(60) },
  },
  passwordReset: {
    accountIp: { max: 3, windowMs: minutes(60) },
    ip: { max: 20, windowMs: minutes(60) },
    account: { max: 10, windowMs: minutes(60) },
  },
  register: { ip: { max: 10, windowMs: minutes(60) } },
  verificationEmail: { account: { max: 3, windowMs: minutes(60) } },
  passwordAgain: { account: { max: 5, windowMs: minutes(15) } },
  enrolmentCode: { account: { max: 10, windowMs: minutes(15) } },
};

/** The defaults with a platform's overrides, action by action and limit by limit. */
export function rateLimitsWith(overrides: RateLimitOverrides = {}): RateLimits {
  const merged: Record<string, unknown> = {};
  for (const action of Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimits)[]) {
    merged[action] = { ...DEFAULT_RATE_LIMITS[action], ...overrides[action] };
  }
  return merged as unknown as RateLimits;
}

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const detail = `Too many attempts: try again in ${retryAfterSeconds} seconds`;
    // the wait is in the document too (meta.retryAfter, seconds), not only in the Retry-After header
    super('auth.rate_limited', detail, [
      { code: 'auth.rate_limited', detail, meta: { retryAfter: retryAfterSeconds } },
    ]);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface Check {
  key: string;
  limit: Limit;
  /**
   * Past the limit, slow the answer instead of refusing it (the account's ceiling, ADR 0023) — unless the row
   * `knownKey` says the client's address signed in to the account within `knownForMs`.
   */
  slowdown?: Slowdown & { knownKey: string };
  /** on success, remember the client's address as known to the account (row `knownKey`) */
  remember?: string;
  /**
   * What a success does to this key: `refund` (the default) takes the attempt back, `forget` deletes the
   * counter (the account+address key: the owner proved who they are from there).
   */
  onSuccess?: 'refund' | 'forget';
}

/** One counted attempt: the route calls `succeeded()` when the secret was right; a failure leaves it counted. */
export interface Attempt {
  succeeded(): Promise<void>;
  /** how long the answer was held before the secret was judged (0: not slowed) */
  delayMs: number;
}

/** Waits `ms` before the answer goes on: a timer, holding no database connection. Tests pass their own. */
export type Wait = (ms: number) => Promise<void>;
export const timerWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait of the n-th failure past the ceiling (n ≥ 1): doubling from firstMs, never above maxMs. */
export function slowdownMs(slowdown: Pick<Slowdown, 'firstMs' | 'maxMs'>, pastCeiling: number): number {
  if (pastCeiling <= 0) return 0;
  return Math.min(slowdown.maxMs, slowdown.firstMs * 2 ** Math.min(pastCeiling - 1, 30));
}

/** The client address as the key part of a limit (express's `req.ip`, after the trusted proxies). */
export const clientIp = (req: { ip?: string | undefined }) => req.ip ?? 'unknown';

/** Fixed-window counters in PostgreSQL, shared by every process of the platform (ADR 0023). */
export function rateLimiter(sql: Sql, wait: Wait = timerWait) {
  async function housekeeping(now: Date) {
    // windows long past count nothing any more (a handful of rows at a time); known addresses are kept longer
    const day = new Date(now.getTime() - 24 * 60 * 60_000);
    const known = new Date(now.getTime() - 366 * 24 * 60 * 60_000);
    await sql`delete from auth_rate_limits where key in (
      select key from auth_rate_limits
      where (window_started_at < ${day} and position(':known:' in key) = 0) or window_started_at < ${known}
      limit 100)`;
  }

  return {
    /**
     * Counts one attempt against every key before the attempt is judged, or refuses it with RateLimitedError
     * (429, Retry-After set on `res`) when a key has no attempt left, so a right answer past the limit is
     * refused as well (no oracle for a guesser). A refused attempt counts nowhere (the counting is one
     * transaction, rolled back): a stranger hammering from their address does not use up the account's
     * ceiling beyond what their own limits let through. Attempts in flight hold their place, so a burst of
     * parallel guesses is bounded as well as a sequence.
     */
    async attempt(res: Response, now: Date, checks: Check[]): Promise<Attempt> {
      // one order for every request, so that two requests locking the same keys never wait on each other
      const sorted = [...checks].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      let retryAfter = 0;
      let delayMs = 0;
      const counted: Array<Check & { windowStartedAt: Date }> = [];
      try {
        await sql.begin(async (tx) => {
          for (const check of sorted) {
            const expired = new Date(now.getTime() - check.limit.windowMs);
            const [row] = await tx<{ hits: number; window_started_at: Date }[]>`
              insert into auth_rate_limits (key, window_started_at, hits) values (${check.key}, ${now}, 1)
              on conflict (key) do update set
                hits = case when auth_rate_limits.window_started_at <= ${expired}
                            then 1 else auth_rate_limits.hits + 1 end,
                window_started_at = case when auth_rate_limits.window_started_at <= ${expired}
                            then ${now} else auth_rate_limits.window_started_at end
              returning hits, window_started_at`;
            if (!row) continue;
            if (row.hits > check.limit.max && check.slowdown) {
              const { knownKey, knownForMs } = check.slowdown;
              const [known] = await tx`select 1 from auth_rate_limits
                where key = ${knownKey} and window_started_at > ${new Date(now.getTime() - knownForMs)}`;
              if (!known) delayMs = Math.max(delayMs, slowdownMs(check.slowdown, row.hits - check.limit.max));
            } else if (row.hits > check.limit.max) {
              const left = Math.ceil(
                (row.window_started_at.getTime() + check.limit.windowMs - now.getTime()) / 1000,
              );
              retryAfter = Math.max(retryAfter, left, 1);
            }
            counted.push({ ...check, windowStartedAt: row.window_started_at });
          }
          if (retryAfter > 0) throw new RateLimitedError(retryAfter);
        });
      } catch (error) {
        if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(retryAfter));
        throw error;
      }
      // past the account's ceiling: the answer waits, counted and committed, no connection held meanwhile
      if (delayMs > 0) await wait(delayMs);
      return {
        delayMs,
        async succeeded() {
          for (const check of counted) {
            if (check.remember) {
              await sql`insert into auth_rate_limits (key, window_started_at, hits)
                values (${check.remember}, ${now}, 0)
                on conflict (key) do update set window_started_at = greatest(auth_rate_limits.window_started_at, ${now})`;
            }
            if (check.onSuccess === 'forget') {
              await sql`delete from auth_rate_limits where key = ${check.key}`;
            } else {
              // only from the window the attempt was counted in (a window begun since holds no part of it)
              await sql`update auth_rate_limits set hits = greatest(hits - 1, 0)
                where key = ${check.key} and window_started_at = ${check.windowStartedAt}`;
            }
          }
          await housekeeping(now);
        },
      };
    },
    /**
     * Deletes at most `max` counters under `prefix` whose window began before `before`. A limit whose keys are many
     * and short-lived (the statistics' senders: a visitor key a day each) clears its own: the housekeeping above
     * runs after a successful sign-in, a hundred rows at a time, and keeps a day of them.
     */
    async sweep(prefix: string, before: Date, max = 1000): Promise<number> {
      const deleted = await sql`delete from auth_rate_limits where key in (
        select key from auth_rate_limits
        where starts_with(key, ${prefix}) and window_started_at < ${before}
        limit ${max})`;
      return deleted.count;
    },
    /**
     * Deletes an account's counters of one action: its ceiling and its account+address keys (a password reset
     * proves the owner holds the mailbox, and frees the account's sign-in).
     */
    async forgetAccount(action: string, account: string): Promise<void> {
      await sql`delete from auth_rate_limits
        where key = ${`${action}:account:${account}`} or starts_with(key, ${`${action}:account-ip:${account}|`})`;
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

/**
 * The keys of a guessed secret's limits: the account with the address, the address, and (unless `ceiling` is
 * false) the account across all addresses.
 */
export function guessChecks(
  action: string,
  account: string,
  ip: string,
  limits: GuessLimits,
  options: { ceiling?: boolean } = {},
): Check[] {
  const knownKey = `${action}:known:${account}|${ip}`;
  const checks: Check[] = [
    {
      key: `${action}:account-ip:${account}|${ip}`,
      limit: limits.accountIp,
      onSuccess: 'forget',
      ...(limits.slowdown ? { remember: knownKey } : {}),
    },
    { key: `${action}:ip:${ip}`, limit: limits.ip },
  ];
  if (options.ceiling ?? true) {
    checks.push({
      key: `${action}:account:${account}`,
      limit: limits.account,
      ...(limits.slowdown ? { slowdown: { ...limits.slowdown, knownKey } } : {}),
    });
  }
  return checks;
}
