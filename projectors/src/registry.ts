import { accountsProjection } from './accounts/projection.ts';
import { environmentProjection } from './environment/projection.ts';
import { menuProjection } from './menu/projection.ts';
import { organizationsProjection } from './organizations/projection.ts';
import { pagesProjection } from './pages/projection.ts';
import type { Projection } from './projection.ts';
import { redirectionsProjection } from './redirections/projection.ts';
import { homeStatsProjection } from './stats/home-stats-projection.ts';

/**
 * Every projection of the platform, as run by the main process and rebuilt by `npm run replay -- <name>`.
 * Each module adds its projection here (pages, menu, ...), imported from its own folder.
 */
export const allProjections: Projection[] = [
  pagesProjection,
  menuProjection,
  environmentProjection,
  redirectionsProjection,
  homeStatsProjection,
  accountsProjection,
  organizationsProjection,
];
