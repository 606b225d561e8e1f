import type { Response } from 'express';
import type { Sql } from 'postgres';
import { DomainError } from '@platform/contracts/errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Per action: attempts per account and per IP address in a fixed window (ADR 0008). */
export interface RateLimits {
  login: { account: Limit; ip: Limit };
  twoFactor: { account: Limit; ip: Limit };
  passwordReset: { account: Limit; ip: Limit };
  register: { ip: Limit };
  verificationEmail: { account: Limit };
}

const minutes = (n: number) => n * 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { account: { max: 5, windowMs: minutes(15) }, ip: { max: 30, windowMs: minutes(15) } },
  twoFactor: { account: { max: 5, windowMs: minutes(15) }, ip: { max: 30, windowMs: minutes(15) } },
  passwordReset: { account: { max: 3, windowMs: minutes(60) }, ip: { max: 20, windowMs: minutes(60) } },
  register: { ip: { max: 10, windowMs: minutes(60) } },
  verificationEmail: { account: { max: 3, windowMs: minutes(60) } },
};

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

/** Fixed-window counters in PostgreSQL, shared by every process of the platform. */
export function rateLimiter(sql: Sql) {
  return {
    /**
     * Counts one attempt against each key; throws RateLimitedError (429, with Retry-After on `res`) when any
     * key is over its limit. Counting happens before the attempt is judged, so a right answer after the limit
     * is refused as well (no oracle for a guesser).
     */
    async hit(res: Response, now: Date, checks: Array<{ key: string; limit: Limit }>): Promise<void> {
      let retryAfter = 0;
      for (const { key, limit } of checks) {
        const [row] = await sql<{ hits: number; window_started_at: Date }[]>`
          insert into auth_rate_limits (key, window_started_at, hits) values (${key}, ${now}, 1)
          on conflict (key) do update set
            hits = case when auth_rate_limits.window_started_at <= ${new Date(now.getTime() - limit.windowMs)}
                        then 1 else auth_rate_limits.hits + 1 end,
            window_started_at = case when auth_rate_limits.window_started_at <= ${new Date(now.getTime() - limit.windowMs)}
                        then ${now} else auth_rate_limits.window_started_at end
          returning hits, window_started_at`;
        if (row && row.hits > limit.max) {
          const wait = Math.ceil((row.window_started_at.getTime() + limit.windowMs - now.getTime()) / 1000);
          retryAfter = Math.max(retryAfter, wait, 1);
        }
      }
      if (retryAfter > 0) {
        res.setHeader('Retry-After', String(retryAfter));
        throw new RateLimitedError(retryAfter);
      }
    },
    /** A successful sign-in clears the account's counter (the IP's keeps counting). */
    async reset(key: string, now: Date = new Date()): Promise<void> {
      await sql`delete from auth_rate_limits where key = ${key}`;
      // windows long past count nothing any more
      await sql`delete from auth_rate_limits where key in (
        select key from auth_rate_limits where window_started_at < ${new Date(now.getTime() - 24 * 60 * 60_000)} limit 100)`;
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
