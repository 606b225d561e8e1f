import { softwareCommandRoutes } from '@platform/command-api/software/routes';
import { softwareStatsCountsRoutes } from '@platform/query-api/software/counts-routes';
import { softwareQueryRoutes } from '@platform/query-api/software/routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The software catalogue (ADR 0061): its records are resources of the catalogue (contracts/src/software/records.ts);
 * the module adds the software's calls (its reports, what an installation was given), the member's association of
 * an installation with an authorization, the member's list of theirs and the back office's statistics. With
 * FEATURE_SOFTWARE off its routes are not served (the resources answer 404 too).
 */
export function softwareModule(): ModuleDescriptor {
  return {
    name: 'software',
    eventContracts: [],
    command: ({ features }) => (features.software ? [softwareCommandRoutes] : []),
    query: ({ features, defaultLocale }) =>
      features.software ? [softwareQueryRoutes({ defaultLocale }), softwareStatsCountsRoutes()] : [],
  };
}
