import express, { type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import { DEFAULT_ACCOUNT_FEATURES, type AccountFeatures } from '@platform/contracts/accounts/features';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import { DomainError } from '@platform/contracts/errors';
import { CONFIG_DEFAULTS } from '@platform/infra/config';
import type { EventStore } from '@platform/infra/event-store';
import type { Mailer } from '@platform/infra/mail/mailer';
import type { CommandModule } from '../app.ts';
import { membershipCommandRoutes } from '../accounts/membership-routes.ts';
import type { AccountsCommandOptions } from '../accounts/options.ts';
import { usersCommandRoutes } from '../accounts/routes.ts';
import { jsonBody } from '../http/body.ts';
import { errorHandler } from '@platform/infra/http/errors';
import { requestContext, requestLogger } from '@platform/infra/http/logging';
import type { Clock } from '../http/metadata.ts';
import { organizationsCommandRoutes } from '../organizations/routes.ts';
import { startSession, sendVerification, type AuthContext } from './context.ts';
import { hasCsrfHeader } from './cookies.ts';
import { impersonationRoutes } from './impersonate-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { rateLimiter, rateLimitsWith, type RateLimitOverrides, type Wait } from './rate-limit.ts';
import { registerRoutes } from './register-routes.ts';
import { sessionAuth, sessionOf } from './session-middleware.ts';
import { DEFAULT_SESSION_POLICY, sessionStore, type SessionPolicy } from './sessions.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

export interface AccountsAuthOptions {
  sql: Sql;
  eventStore: EventStore;
  contracts?: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  appName?: string;
  features?: Partial<AccountFeatures>;
  /** any limit of any action (ADR 0023); the others keep their defaults */
  limits?: RateLimitOverrides;
  /** how a slowed sign-in waits (ADR 0023): a timer by default; tests record the wait instead of spending it */
  wait?: Wait;
  sessionPolicy?: Partial<SessionPolicy>;
  minPositionTimeoutMs?: number;
}

export interface AccountsAuth {
  context: AuthContext;
  /** mounted on /api/v1 before both APIs: the session's viewer beside the API token */
  sessionMiddleware: RequestHandler;
  /** mounted on /auth: the sign-in calls of seed 000 §7 */
  authRouter: Router;
  /** the accounts module's command routes: users, memberships, validation requests, impersonation */
  accountsCommandModules: CommandModule[];
  /** the organizations module's command routes (they share the accounts' features and session hooks) */
  organizationsCommandModules: CommandModule[];
}

/** The accounts module's command side, wired once by the platform. */
export function createAccountsAuth(options: AccountsAuthOptions): AccountsAuth {
  const features = { ...DEFAULT_ACCOUNT_FEATURES, ...options.features };
  const sessions = sessionStore(options.sql, { ...DEFAULT_SESSION_POLICY, ...options.sessionPolicy });
  const context: AuthContext = {
    sql: options.sql,
    eventStore: options.eventStore,
    contracts: options.contracts,
    clock: options.clock,
    logger: options.logger,
    sessions,
    limiter: rateLimiter(options.sql, options.wait),
    limits: rateLimitsWith(options.limits),
    mailer: options.mailer,
    features,
    secret: options.secret,
    publicUrl: options.publicUrl,
    appName: options.appName ?? CONFIG_DEFAULTS.APP_NAME,
  };

  const authRouter = express.Router();
  authRouter.use(requestContext(), requestLogger(options.logger));
  // every auth call is an unsafe request a cross-site page must not be able to make (login CSRF included)
  authRouter.use((req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !hasCsrfHeader(req)) {
      throw new DomainError(
        'auth.csrf',
        'Send the X-Requested-With: XMLHttpRequest header with this request',
      );
    }
    next();
  });
  authRouter.use(jsonBody());
  loginRoutes(authRouter, context);
  passwordRoutes(authRouter, context);
  registerRoutes(authRouter, context);
  twoFactorRoutes(authRouter, context);
  authRouter.use(errorHandler({ logger: options.logger }));

  const accountsOptions: AccountsCommandOptions = {
    features,
    hooks: {
      async privilegeChanged(req, res, userId) {
        const session = sessionOf(res);
        if (!session || session.userId !== userId) return;
        await startSession(context, req, res, {
          userId,
          impersonatorId: session.impersonatorId,
          stage: 'authenticated',
          remember: session.remember,
        });
      },
      emailToVerify: (userId) => sendVerification(context, userId),
    },
  };

  return {
    context,
    sessionMiddleware: sessionAuth({
      sql: options.sql,
      eventStore: options.eventStore,
      sessions,
      features,
      clock: options.clock,
      minPositionTimeoutMs: options.minPositionTimeoutMs ?? CONFIG_DEFAULTS.MIN_POSITION_TIMEOUT_MS,
    }),
    authRouter,
    accountsCommandModules: [
      (deps) => usersCommandRoutes(deps, accountsOptions),
      (deps) => membershipCommandRoutes(deps, accountsOptions),
      impersonationRoutes(context),
    ],
    organizationsCommandModules: [(deps) => organizationsCommandRoutes(deps, accountsOptions)],
  };
}
