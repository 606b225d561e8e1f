/*
 * What the open badges feature offers the frame: the training's routes (the member's request and session, the
 * issuer's desk), each screen loaded with its route, and the CMS components' content (badges, a badge's page, an
 * assertion's public page).
 */
import { lazy } from 'react';
import type en from './messages/en.json';

export { openBadgeRoutes } from './routes.tsx';
export { trainingStartPath } from './paths.ts';
/** The open badges components' content (the catalogue, a badge's page, an assertion's page), with its code. */
export const OpenBadgesContent = lazy(() =>
  import('./badges-catalogue.tsx').then((m) => ({ default: m.OpenBadgesContent })),
);
export type OpenBadgesMessages = typeof en;
