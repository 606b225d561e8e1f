import type { CommandModule } from '@platform/command-api/app';
import type { QueryModule } from '@platform/query-api/app';
import { environmentCommandRoutes } from '@platform/command-api/environment/routes';
import { menuCommandRoutes } from '@platform/command-api/menu/routes';
import { pagesCommandRoutes } from '@platform/command-api/pages/routes';
import { redirectionCommandRoutes } from '@platform/command-api/redirections/routes';
import { environmentQueryRoutes } from '@platform/query-api/environment/routes';
import { menuQueryRoutes } from '@platform/query-api/menu/routes';
import { pagesQueryRoutes } from '@platform/query-api/pages/routes';
import { redirectionQueryRoutes } from '@platform/query-api/redirections/routes';
import { routeResolverRoutes } from '@platform/query-api/routes/routes';
import { homeStatsQueryRoutes } from '@platform/query-api/stats/routes';

/** The command and query modules the platform serves, one entry per domain module. */
export const commandModules: CommandModule[] = [
  pagesCommandRoutes,
  menuCommandRoutes,
  environmentCommandRoutes,
  redirectionCommandRoutes,
];
export const queryModules: QueryModule[] = [
  pagesQueryRoutes,
  menuQueryRoutes,
  environmentQueryRoutes,
  redirectionQueryRoutes,
  routeResolverRoutes,
  homeStatsQueryRoutes,
];
