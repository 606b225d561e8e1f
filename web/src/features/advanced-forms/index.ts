/* What the advanced forms feature offers the frame: the public page of a form, answered page by page (the back
 * office's screens of forms and their responses are not this feature's). */
import type en from './messages/en.json';

export type AdvancedFormsMessages = typeof en;
export { advancedFormRoutes } from './routes.tsx';
