import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { openBadgeVersionRoutes } from '@platform/command-api/open-badges/badge-versions';
import {
  assertionsCountExtension,
  NO_ASSERTIONS,
  type AssertionsCountFeed,
} from '@platform/projectors/open-badges/assertions-count';
import type { ModuleDescriptor } from '../modules.ts';

/**
 * The open badges as one module (issue 20, ADR 0029): the badges are a resource of the catalogue (switched by
 * FEATURE_OPEN_BADGES like their routes here); the module adds their new versions, and keeps their
 * `assertionsCount` from the assertion events the workflow feeds it (`assertionsCount`).
 */
export function openBadgesModule(options: { assertionsCount?: AssertionsCountFeed } = {}): ModuleDescriptor {
  return {
    name: 'openBadges',
    command: ({ features }) => (features.openBadges ? [openBadgeVersionRoutes] : []),
    resourceWorkflows: [
      {
        resource: openBadgeResource,
        projection: assertionsCountExtension(options.assertionsCount ?? NO_ASSERTIONS),
      },
    ],
  };
}
