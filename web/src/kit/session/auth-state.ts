import { z } from 'zod/v4';

/**
 * The answer of POST /auth/login, /auth/register and /auth/two-factor/login (contracts/src/auth/requests.ts), read
 * with zod by the sign-in screens; apart from documents.ts, whose shapes every page reads before its first screen.
 */
export const AuthStateSchema = z
  .discriminatedUnion('state', [
    z.object({
      state: z.literal('authenticated'),
      redirectTo: z.enum(['admin.dashboard', 'account.profile']).optional(),
    }),
    z.object({ state: z.literal('two_factor_required'), strategy: z.enum(['totp', 'email']) }),
    z.object({
      state: z.literal('registration_required'),
      provider: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ])
  .and(z.object({ meta: z.object({ position: z.string().optional() }).passthrough().optional() }));
export type AuthStateAnswer = z.infer<typeof AuthStateSchema>;
