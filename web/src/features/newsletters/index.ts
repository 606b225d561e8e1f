/*
 * What the newsletters feature adds to the back office's generic screens of its records (the mailing templates:
 * contracts/src/newsletters/mailing-template.ts): on a newsletter's screen, its preview and its sending. The
 * screen's code loads with the screen.
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

/** On a newsletter's screen: the letter as its readers get it, in a new tab, and the way to send it. */
export const mailingTemplateScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./newsletter-actions.tsx').then((m) => ({ default: m.NewsletterActions }))),
};
