import { DEFAULT_ACCOUNT_FEATURES, type AccountFeatures } from '@platform/contracts/accounts/features';
import type { QueryModule } from '../app.ts';
import { featuresQueryRoutes } from './features-routes.ts';
import { devMailboxRoutes } from './mailbox-routes.ts';
import { referenceQueryRoutes } from './reference-routes.ts';
import { usersQueryRoutes } from './routes.ts';
import { validationRequestsQueryRoutes } from './validation-requests-routes.ts';

/** The accounts module's query side: users, validation requests, reference lists, features, dev mailbox. */
export function accountsQueryModules(options: {
  features?: Partial<AccountFeatures>;
  /** mount GET /dev/mailbox (only when no SMTP server is configured) */
  devMailbox: boolean;
}): QueryModule[] {
  const features = { ...DEFAULT_ACCOUNT_FEATURES, ...options.features };
  return [
    referenceQueryRoutes,
    featuresQueryRoutes(features),
    usersQueryRoutes,
    validationRequestsQueryRoutes(features),
    ...(options.devMailbox ? [devMailboxRoutes] : []),
  ];
}
