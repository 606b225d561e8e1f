import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import { sha256 } from './passwords.ts';

/** How long a session lives (ADR 0008): idle and absolute bounds, longer when "remember me" was ticked. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  rememberMs: number;
  /** a pending two-factor sign-in */
  twoFactorMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 2 * 60 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  rememberMs: 30 * 24 * 60 * 60 * 1000,
  twoFactorMs: 10 * 60 * 1000,
};

export interface Session {
  idHash: string;
  userId: string;
  impersonatorId: string | null;
  stage: 'authenticated' | 'two_factor';
  twoFactorStrategy: 'totp' | 'email' | null;
  emailCodeHash: string | null;
  remember: boolean;
  lastSeenAt: Date;
}

interface SessionRecord {
  id_hash: string;
  user_id: string;
  impersonator_id: string | null;
  stage: 'authenticated' | 'two_factor';
  two_factor_strategy: 'totp' | 'email' | null;
  email_code_hash: string | null;
  remember: boolean;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

export type Lookup = { status: 'active'; session: Session } | { status: 'expired' } | { status: 'missing' };

export interface NewSession {
  userId: string;
  impersonatorId?: string | null;
  stage: 'authenticated' | 'two_factor';
  twoFactorStrategy?: 'totp' | 'email' | null;
  emailCodeHash?: string | null;
  remember?: boolean;
}

/** 32 random bytes: the cookie value. Only its sha-256 is stored. */
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Server-side sessions in PostgreSQL (infrastructure state, not a read model). The cookie carries a random
 * secret; a row holds who it is and until when. Rotating = a new secret for the same sign-in, the old one
 * deleted in the same statement.
 */
export function sessionStore(sql: Sql, policy: SessionPolicy = DEFAULT_SESSION_POLICY) {
  function expiries(now: Date, stage: NewSession['stage'], remember: boolean) {
    if (stage === 'two_factor') {
      const until = new Date(now.getTime() + policy.twoFactorMs);
      return { idle: until, absolute: until };
    }
    return {
      idle: new Date(now.getTime() + (remember ? policy.rememberMs : policy.idleMs)),
      absolute: new Date(now.getTime() + (remember ? policy.rememberMs : policy.absoluteMs)),
    };
  }

  return {
    policy,
    async create(data: NewSession, now: Date, replacing?: string): Promise<string> {
      const secret = newSecret();
      const remember = data.remember ?? false;
      const { idle, absolute } = expiries(now, data.stage, remember);
      await sql.begin(async (tx) => {
        if (replacing) await tx`delete from auth_sessions where id_hash = ${sha256(replacing)}`;
        // sessions nobody came back to leave with the next sign-in (indexed, a handful of rows at a time)
        await tx`delete from auth_sessions where id_hash in (
          select id_hash from auth_sessions where absolute_expires_at < ${now} limit 100)`;
        await tx`insert into auth_sessions ${tx({
          id_hash: sha256(secret),
          user_id: data.userId,
          impersonator_id: data.impersonatorId ?? null,
          stage: data.stage,
          two_factor_strategy: data.twoFactorStrategy ?? null,
          email_code_hash: data.emailCodeHash ?? null,
          remember,
          created_at: now,
          last_seen_at: now,
          idle_expires_at: idle,
          absolute_expires_at: absolute,
        })}`;
      });
      return secret;
    },

    async find(secret: string, now: Date): Promise<Lookup> {
      const [row] = await sql<SessionRecord[]>`select * from auth_sessions where id_hash = ${sha256(secret)}`;
      if (!row) return { status: 'missing' };
      if (row.idle_expires_at <= now || row.absolute_expires_at <= now) {
        await sql`delete from auth_sessions where id_hash = ${row.id_hash}`;
        return { status: 'expired' };
      }
      return {
        status: 'active',
        session: {
          idHash: row.id_hash,
          userId: row.user_id,
          impersonatorId: row.impersonator_id,
          stage: row.stage,
          twoFactorStrategy: row.two_factor_strategy,
          emailCodeHash: row.email_code_hash,
          remember: row.remember,
          lastSeenAt: row.last_seen_at,
        },
      };
    },

    /** Slides the idle expiry; written at most once a minute per session. */
    async touch(session: Session, now: Date): Promise<void> {
      if (now.getTime() - session.lastSeenAt.getTime() < 60_000) return;
      const idle = new Date(now.getTime() + (session.remember ? policy.rememberMs : policy.idleMs));
      await sql`update auth_sessions set last_seen_at = ${now}, idle_expires_at = least(${idle}, absolute_expires_at)
                 where id_hash = ${session.idHash}`;
    },

    async destroy(secret: string): Promise<void> {
      await sql`delete from auth_sessions where id_hash = ${sha256(secret)}`;
    },

    /** Signs a user out everywhere (password reset). */
    async destroyAllOf(userId: string): Promise<void> {
      await sql`delete from auth_sessions where user_id = ${userId}`;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
