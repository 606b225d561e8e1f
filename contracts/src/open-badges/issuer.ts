import { ADMINISTRATORS } from '../accounts/rules.ts';
import type { AccessLevel } from '../enums.ts';
import { allows, type AccessRule, type ViewerFacts } from '../resources/access.ts';

/**
 * Who issues open badges (seed 001 §5): a member acting as an organization whose access level weight reaches the
 * app environment's `openBadgeIssuerAccessLevel` (when acting, the viewer's weight is the organization's); an
 * unset threshold lets nobody issue. As an access rule of the layer, read with the environment the request found
 * (ViewerFacts.environment), so that the badges' access, the sessions' decisions, the assertions and the web's
 * buttons all ask this one rule.
 */
export const OPEN_BADGE_ISSUERS: AccessRule = { setting: 'openBadgeIssuerAccessLevel', acting: true };

/**
 * Who works at the issuer's desk (the training sessions to decide on, /admin/open-badges/sessions): the issuers
 * by the rule above, and administrators. The admin menu's entry and the web's guards ask this rule.
 */
export const OPEN_BADGE_DESK: AccessRule = { anyOf: [ADMINISTRATORS, OPEN_BADGE_ISSUERS] };

/** The environment's value the rule reads: the whole settings object or a hand-written one will do. */
export interface OpenBadgeIssuerEnvironment {
  openBadgeIssuerAccessLevel?: AccessLevel | null;
}

/**
 * Whether the viewer may issue open badges under the environment's threshold (pure): acting as an organization,
 * with a weight that reaches the threshold's. Administrators are not issuers by this rule: the records' own access
 * lets them keep badges besides.
 */
export function mayIssueOpenBadges(viewer: ViewerFacts, environment: OpenBadgeIssuerEnvironment): boolean {
  return allows(OPEN_BADGE_ISSUERS, {
    ...viewer,
    environment: { openBadgeIssuerAccessLevel: environment.openBadgeIssuerAccessLevel ?? null },
  });
}
