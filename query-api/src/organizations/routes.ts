import express from 'express';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { NotFoundError } from '@platform/contracts/errors';
import { organizationResource } from '@platform/contracts/organizations/organization';
import type { QueryModule } from '../app.ts';

/**
 * The organizations are read through the resource layer (contracts/src/organizations/organization.ts): the list
 * with its filters, the find by id or slug, the members for administrators and the members themselves. What the
 * module keeps here is the feature switch: mounted before the layer, /organizations answers 404 while the
 * organizations feature is off.
 */
export function organizationsQueryRoutes(features: Pick<AccountFeatures, 'organizations'>): QueryModule {
  return () => {
    const router = express.Router();
    router.use(`/${organizationResource.type}`, (_req, _res, next) => {
      if (!features.organizations) throw new NotFoundError('No route for this call');
      next();
    });
    return router;
  };
}
