/*
 * What the software feature offers the member (seed 001 §3 "Software catalogue", seed 000 §2): the services granted
 * to their e-mail address and the installations of the companion software they associate with them, a screen
 * behind the software feature loaded when first visited, with its entry in the account menu. The back office's
 * screens of the software types are the resource layer's (kit/admin/resources).
 */
export { softwareRoutes } from './routes.tsx';
export { softwareMenuEntries, type SoftwareMenuEntry } from './menu.ts';
export { ACCOUNT_SOFTWARE_PATH } from './paths.ts';
