/* What the unsubscribe feature offers the frame: the pages a newsletter's signed link opens to leave the
 * newsletters (contracts/src/newsletters/endpoints.ts). */
import type en from './messages/en.json';

export type UnsubscribeMessages = typeof en;
export { unsubscribeRoutes } from './routes.tsx';
