/* What the contacts feature offers the frame: the public light-user form's page. The back office's screens of
 * contacts, forms and inputs are the resource layer's (kit/admin/resources). */
import type en from './messages/en.json';

export type ContactsMessages = typeof en;
export { contactFormRoutes } from './routes.tsx';
