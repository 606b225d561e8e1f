import { accountsProjection } from './accounts/projection.ts';
import { environmentProjection } from './environment/projection.ts';
import { menuProjection } from './menu/projection.ts';
import { organizationsProjection } from './organizations/projection.ts';
import { pagesProjection } from './pages/projection.ts';
import type { Projection } from './projection.ts';
import { couponPurchasesExtension } from './coupons/purchases.ts';
import { resourceProjection, type ResourceProjectionExtension } from './resources/projection.ts';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { homeStatsProjection } from './stats/home-stats-projection.ts';

/**
 * Every projection of the platform, as run by the main process and rebuilt by `npm run replay -- <name>`.
 * Each module adds its projection here (pages, menu, ...), imported from its own folder.
 */
export const handWrittenProjections: Projection[] = [
  pagesProjection,
  menuProjection,
  environmentProjection,
  homeStatsProjection,
  accountsProjection,
  organizationsProjection,
];

/** The hand-written workflows' handlers in their resource's projection. */
const resourceExtensions: Record<string, ResourceProjectionExtension> = {
  coupons: couponPurchasesExtension,
};

/** The projections of the hand-written modules and one per resource of `resources` (RESOURCES.md). */
export const projectionsFor = (resources: readonly ResourceDefinition[]): Projection[] => [
  ...handWrittenProjections,
  ...resources.map((definition) => resourceProjection(definition, resourceExtensions[definition.type])),
];

export const allProjections: Projection[] = projectionsFor(resourceCatalogue);
