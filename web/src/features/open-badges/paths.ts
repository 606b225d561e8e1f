import { ROUTES } from '../../kit/session/guard.ts';

/** Where the open badge trainings live on the web (seed 000 §2.2, the shared plan of issue 20). */

export const DESK_SESSIONS_PATH = '/admin/open-badges/sessions';
export const deskSessionPath = (id: string) => `${DESK_SESSIONS_PATH}/${encodeURIComponent(id)}`;

/** A session's page, at least at a write's position when one is given (the request just sent). */
export const trainingPath = (id: string, minPosition?: string) =>
  `/open-badge-trainings/${encodeURIComponent(id)}${minPosition ? `?minPosition=${encodeURIComponent(minPosition)}` : ''}`;

export const trainingStartPath = (issuer: string, badge: string) =>
  `/open-badge-trainings/start/${encodeURIComponent(issuer)}/${encodeURIComponent(badge)}`;

/** The member's badges (seed 000 §2.1), linked from the account menu like the account's other pages. */
export const ACCOUNT_BADGES_PATH = ROUTES.openBadges;

/**
 * The page that holds the open badges component, below which `{path}/assertions/{id}` is an assertion's public
 * page (seed 000 §2.6). Until page paths are configurable, the site's open badges page is here.
 */
export const OPEN_BADGES_PAGE_PATH = '/open-badges';
export const assertionPagePath = (id: string) =>
  `${OPEN_BADGES_PAGE_PATH}/assertions/${encodeURIComponent(id)}`;
