import { moduleEventContracts } from '@platform/contracts/registry';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { openBadgeSessionResource } from '@platform/contracts/open-badges/session';
import { openBadgeVersionRoutes } from '@platform/command-api/open-badges/badge-versions';
import { openBadgeSessionRoutes } from '@platform/command-api/open-badges/routes';
import {
  assertionsCountExtension,
  type AssertionsCountFeed,
} from '@platform/projectors/open-badges/assertions-count';
import { openBadgeAssertionsFeed } from '@platform/projectors/open-badges/assertions-feed';
import { openBadgeSessionModulesExtension } from '@platform/projectors/open-badges/sessions';
import { openBadgeSessionQueryRoutes } from '@platform/query-api/open-badges/sessions-routes';
import type { ModuleDescriptor } from '../modules.ts';

/**
 * The open badges as one module (issue 20, ADR 0029): the badges are a resource of the catalogue (switched by
 * FEATURE_OPEN_BADGES like their routes here); the module adds their new versions, the training sessions' and
 * assertions' workflow (events, command routes, reads), the modules' times in the sessions' projection and the
 * badges' `assertionsCount` from the assertions issued and revoked. Sessions and assertions are read-only records
 * of the layer (the back office lists them with their history; the assertions' revocations the layer reads as
 * updates). When the feature is off, none of its routes answer.
 */
export function openBadgesModule(options: { assertionsCount?: AssertionsCountFeed } = {}): ModuleDescriptor {
  return {
    name: 'openBadges',
    eventContracts: moduleEventContracts.openBadges,
    command: ({ features, auth }) =>
      features.openBadges
        ? [openBadgeVersionRoutes, openBadgeSessionRoutes({ publicUrl: auth.context.publicUrl })]
        : [],
    query: ({ features }) => (features.openBadges ? [openBadgeSessionQueryRoutes()] : []),
    resourceWorkflows: [
      {
        resource: openBadgeResource,
        projection: assertionsCountExtension(options.assertionsCount ?? openBadgeAssertionsFeed),
      },
      { resource: openBadgeSessionResource, projection: openBadgeSessionModulesExtension },
    ],
  };
}
