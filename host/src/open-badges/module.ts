import { moduleEventContracts } from '@platform/contracts/registry';
import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { openBadgeSessionResource } from '@platform/contracts/open-badges/session';
import { openBadgeSessionRoutes } from '@platform/command-api/open-badges/routes';
import { openBadgeAssertionsCountExtension } from '@platform/projectors/open-badges/assertions-count';
import { openBadgeSessionModulesExtension } from '@platform/projectors/open-badges/sessions';
import { openBadgeSessionQueryRoutes } from '@platform/query-api/open-badges/sessions-routes';
import type { ModuleDescriptor } from '../modules.ts';

/**
 * Open badges as one module (issue 20): the badges are records of the layer (contracts/src/open-badges/records.ts);
 * the module brings the training sessions' and assertions' workflow: its events, command routes and reads, the
 * modules' times in the sessions' projection (the assertions' revocations the layer reads as updates) and the badges' assertionsCount in theirs. Sessions and assertions are
 * read-only records of the layer (the back office lists them with their history). Switched by FEATURE_OPEN_BADGES:
 * when it is off, none of its routes answer.
 */
export function openBadgesModule(): ModuleDescriptor {
  return {
    name: 'openBadges',
    eventContracts: moduleEventContracts.openBadges,
    command: ({ features, auth }) =>
      features.openBadges !== false ? [openBadgeSessionRoutes({ publicUrl: auth.context.publicUrl })] : [],
    query: ({ features }) => (features.openBadges !== false ? [openBadgeSessionQueryRoutes()] : []),
    resourceWorkflows: [
      { resource: openBadgeSessionResource, projection: openBadgeSessionModulesExtension },
      { resource: openBadgeResource, projection: openBadgeAssertionsCountExtension },
    ],
  };
}
