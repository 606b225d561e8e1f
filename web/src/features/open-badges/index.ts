/*
 * What the open badges feature offers the frame: the training's routes (the member's request and session, the
 * issuer's desk), each screen loaded with its route, and the CMS components' content (badges, a badge's page, an
 * assertion's public page).
 */
import type en from './messages/en.json';

export { openBadgeRoutes } from './routes.tsx';
export { trainingStartPath } from './paths.ts';
export { OpenBadgesContent } from './badges-catalogue.tsx';
export type OpenBadgesMessages = typeof en;
