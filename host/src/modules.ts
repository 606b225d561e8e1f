import type { CommandModule } from '@platform/command-api/app';
import { couponCommandRoutes } from '@platform/command-api/coupons/routes';
import { notificationCommandRoutes } from '@platform/command-api/notifications/routes';
import { resourceCommandRoutes } from '@platform/command-api/resources/routes';
import { couponQueryRoutes } from '@platform/query-api/coupons/routes';
import { historyRoutes } from '@platform/query-api/history/routes';
import { webLanguageLineRoutes } from '@platform/query-api/site-settings/web-language-lines';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { publishableRoutes, resourceQueryRoutes } from '@platform/query-api/resources/routes';
import type { QueryModule } from '@platform/query-api/app';
import { environmentCommandRoutes } from '@platform/command-api/environment/routes';
import { menuCommandRoutes } from '@platform/command-api/menu/routes';
import { pagesCommandRoutes } from '@platform/command-api/pages/routes';
import { environmentQueryRoutes } from '@platform/query-api/environment/routes';
import { menuQueryRoutes } from '@platform/query-api/menu/routes';
import { pagesQueryRoutes } from '@platform/query-api/pages/routes';
import { routeResolverRoutes } from '@platform/query-api/routes/routes';
import { homeStatsQueryRoutes } from '@platform/query-api/stats/routes';

/**
 * The command and query modules the platform serves, one entry per hand-written domain module and one router
 * for the resources of the catalogue (tests may serve a catalogue of their own).
 */
export const commandModules = (resources: readonly ResourceDefinition[]): CommandModule[] => [
  pagesCommandRoutes,
  menuCommandRoutes,
  environmentCommandRoutes,
  resourceCommandRoutes(resources),
  couponCommandRoutes,
  notificationCommandRoutes,
];
export const queryModules = (resources: readonly ResourceDefinition[]): QueryModule[] => [
  pagesQueryRoutes,
  menuQueryRoutes,
  environmentQueryRoutes,
  routeResolverRoutes,
  homeStatsQueryRoutes,
  resourceQueryRoutes(resources),
  couponQueryRoutes,
  webLanguageLineRoutes,
  publishableRoutes(resources),
  historyRoutes(resources),
];
