import express, { type Router } from 'express';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';

/**
 * GET /services/features: which account features this deployment has on (config FEATURE_*), so the web shows
 * only the screens and actions that will answer (a disabled feature's calls are 404). Public: nothing here is
 * a secret, and the sign-in screen needs it before anyone is signed in.
 */
export function featuresQueryRoutes(features: AccountFeatures) {
  return (): Router => {
    const router = express.Router();
    mountEndpoint(router, accountEndpoints.features, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/vnd.api+json').send(JSON.stringify({ data: { features } }));
    });
    return router;
  };
}
