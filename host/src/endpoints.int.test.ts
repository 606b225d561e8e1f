import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEndpoints } from '@platform/contracts/endpoint-catalogue';
import { endpointKey } from '@platform/contracts/endpoints';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import {
  historyEndpoints,
  likeEndpoints,
  likesEndpoint,
  recordEndpoints,
  recordLifecycleEndpoints,
} from '@platform/contracts/resources/endpoints';
import { recordWriteEndpoints } from '@platform/contracts/resources/write-endpoints';
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

/**
 * The resource layer's endpoints, declared per record type (contracts/src/resources/endpoints.ts and
 * write-endpoints.ts): what the web's generic back office, comments and forum call for each type served.
 */
const layerEndpoints = () =>
  resourceCatalogue.flatMap((definition) => {
    const lifecycle = recordLifecycleEndpoints(definition.type);
    return [
      ...Object.values(recordEndpoints(definition.type)),
      ...Object.values(recordWriteEndpoints(definition, resourceCatalogue)),
      lifecycle.delete,
      ...(definition.softDeletable ? [lifecycle.softDelete, lifecycle.restore] : []),
      ...(definition.traits.likable ? Object.values(likeEndpoints(definition.type)) : []),
    ];
  });

describe('the declared endpoints', () => {
  const served = () => new Set(platformRoutes(app.platform).map((r) => `${r.method} ${r.path}`));

  it('are each served, at the method and path they declare', () => {
    const routes = served();
    const missing = declaredEndpoints.map(endpointKey).filter((key) => !routes.has(key));
    expect(missing).toEqual([]);
  });

  it('of the resource layer are served for every record type, its writes as its reads', () => {
    const routes = served();
    const declared = [...layerEndpoints(), ...Object.values(historyEndpoints), likesEndpoint];
    expect(declared.map(endpointKey).filter((key) => !routes.has(key))).toEqual([]);
    expect(declared.length).toBeGreaterThan(resourceCatalogue.length * 4);
  });

  it('are declared once: no two declarations name the same method and path', () => {
    const keys = declaredEndpoints.map(endpointKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
