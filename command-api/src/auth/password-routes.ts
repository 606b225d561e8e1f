import { randomBytes } from 'node:crypto';
import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { Router } from 'express';
import { emailKey } from '@platform/contracts/accounts/emails';
import { ValidationError } from '@platform/contracts/errors';
import { passwordResetMessage } from '@platform/infra/mail/messages';
import { loadUser, userIdByEmail } from '../accounts/store.ts';
import { authMetadata, runUserCommands, sendJson, type AuthContext } from './context.ts';
import { hashPassword, sha256 } from './passwords.ts';
import { clientIp, guessChecks } from './rate-limit.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * POST /auth/password/forgot answers the same for every address (no user enumeration) and mails a reset link
 * to known ones; POST /auth/password/reset takes the token with the address, once, before it expires, and signs
 * the account out everywhere.
 */
export function passwordRoutes(router: Router, ctx: AuthContext): void {
  const claimDeps = { eventStore: ctx.eventStore, ...(ctx.contracts ? { contracts: ctx.contracts } : {}) };
  const sameAnswer = {
    state: 'reset_link_sent',
    meta: { message: 'If an account uses this address, a reset link is on its way.' },
  };

  mountEndpoint(router, authEndpoints.forgotPassword, async (req, res, call) => {
    const body = call.body();
    const now = ctx.clock();
    const key = emailKey(body.email);
    // every request counts (each one may mail): per address, per account from an address, and a ceiling per
    // account that bounds the mail one mailbox receives
    await ctx.limiter.attempt(
      res,
      now,
      guessChecks('reset', key ?? body.email.trim().toLowerCase(), clientIp(req), ctx.limits.passwordReset),
    );
    const userId = key ? await userIdByEmail(claimDeps, body.email) : null;
    const { state } = userId
      ? await loadUser(ctx.eventStore, userId)
      : { state: { status: 'none' as const } };
    if (state.status === 'active') {
      const token = randomBytes(32).toString('base64url');
      await ctx.sql`insert into auth_password_resets (token_hash, user_id, email, created_at, expires_at)
        values (${sha256(token)}, ${state.id}, ${state.email}, ${now}, ${new Date(now.getTime() + RESET_TOKEN_TTL_MS)})`;
      const base = ctx.publicUrl.replace(/\/$/, '');
      const link = `${base}/auth/password/reset/${token}/${encodeURIComponent(state.email)}`;
      await ctx.mailer.send(
        passwordResetMessage({ email: state.email, firstName: state.profile.firstName }, link, ctx.appName),
      );
    }
    sendJson(res, 200, sameAnswer);
  });

  mountEndpoint(router, authEndpoints.resetPassword, async (req, res, call) => {
    const body = call.body();
    const now = ctx.clock();
    const key = emailKey(body.email) ?? body.email.trim().toLowerCase();
    // a refused token counts, a spent one does not; keys of their own, so that the requests that mailed the link
    // never stand in the way of spending it, and without the account's ceiling, so that a stranger's made-up
    // tokens never stand in the owner's
    const attempt = await ctx.limiter.attempt(
      res,
      now,
      guessChecks('reset-token', key, clientIp(req), ctx.limits.passwordReset, { ceiling: false }),
    );
    const hash = sha256(body.token);
    // spending the token is one statement: of two concurrent resets with the same token, one wins
    const [spent] = await ctx.sql<{ user_id: string }[]>`
      update auth_password_resets set used_at = ${now}
       where token_hash = ${hash} and used_at is null and expires_at > ${now} and lower(email) = ${key}
       returning user_id`;
    if (!spent) {
      const [row] = await ctx.sql<{ used_at: Date | null; expires_at: Date; email: string }[]>`
        select used_at, expires_at, email from auth_password_resets where token_hash = ${hash}`;
      const detail =
        !row || row.email.toLowerCase() !== key
          ? 'This reset link is not valid'
          : row.used_at
            ? 'This reset link was already used: ask for a new one'
            : 'This reset link has expired: ask for a new one';
      throw ValidationError.at('/token', detail, 'validation.invalid_token');
    }
    const userId = spent.user_id;
    // every other link of the account dies with this one
    await ctx.sql`update auth_password_resets set used_at = ${now} where user_id = ${userId} and used_at is null`;
    const result = await runUserCommands(ctx, userId, [
      {
        type: 'ChangePassword',
        data: { id: userId, passwordHash: await hashPassword(body.password), reason: 'reset' },
        metadata: authMetadata(ctx, res, userId),
      },
    ]);
    await ctx.sessions.destroyAllOf(userId);
    await attempt.succeeded();
    // the owner proved they hold the mailbox: whatever strangers' guesses counted against the account is forgotten
    await ctx.limiter.forgetAccount('login', key);
    await ctx.limiter.forgetAccount('2fa', userId);
    sendJson(res, 200, { state: 'password_reset', meta: { position: result.position.toString() } });
  });
}
