import { ACCESS_LEVEL_WEIGHTS, type AccessLevel } from '../enums.ts';
import type { ViewerFacts } from '../resources/access.ts';

/** The environment's value the rule reads: the whole settings object or a hand-written one will do. */
export interface OpenBadgeIssuerEnvironment {
  openBadgeIssuerAccessLevel?: AccessLevel | null;
}

/**
 * Whether the viewer may issue open badges (seed 001 §5): acting as an organization whose weight (the viewer's,
 * when acting) reaches the environment's `openBadgeIssuerAccessLevel`; an unset threshold lets nobody issue.
 */
export function mayIssueOpenBadges(viewer: ViewerFacts, environment: OpenBadgeIssuerEnvironment): boolean {
  const threshold = environment.openBadgeIssuerAccessLevel ?? null;
  if (threshold === null || viewer.userId === null) return false;
  if (!viewer.actingAsOrganizationId) return false;
  return viewer.accessWeight >= ACCESS_LEVEL_WEIGHTS[threshold];
}
