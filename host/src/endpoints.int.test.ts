import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEndpoints } from '@platform/contracts/endpoint-catalogue';
import { endpointKey } from '@platform/contracts/endpoints';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { platformRoutes } from '@platform/tests/fuzz/routes';

/**
 * The endpoints the modules declare (contracts/src/endpoint-catalogue.ts, ADR 0036) against the routes the platform
 * serves, walked from its own routers: a declaration no route mounts (a path written twice that drifted, a route
 * mounted by hand beside its declaration) fails here.
 */
let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({}, { resources: resourceCatalogue });
});
afterAll(() => app?.close());

describe('the declared endpoints', () => {
  it('are each served, at the method and path they declare', () => {
    const served = new Set(platformRoutes(app.platform).map((r) => `${r.method} ${r.path}`));
    const missing = declaredEndpoints.map(endpointKey).filter((key) => !served.has(key));
    expect(missing).toEqual([]);
  });

  it('are declared once: no two declarations name the same method and path', () => {
    const keys = declaredEndpoints.map(endpointKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
