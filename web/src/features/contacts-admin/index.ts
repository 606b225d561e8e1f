/*
 * What the contacts feature adds to the back office's generic screens of its records (contracts/src/contacts/
 * records.ts): on a contact form's screen, its public link to copy or open; on an answer's screen, the way to add
 * it to the contacts. Each screen's code loads with the screen.
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

/** On a contact form's screen: the link that opens it to visitors (copied, or opened in a new tab). */
export const lightUserFormScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./form-link.tsx').then((m) => ({ default: m.LightUserFormLink }))),
};

/** On a contact form answer's screen: "Add to contacts" while it waits, then the contact it made or kept. */
export const lightUserFormInputScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./handle-input.tsx').then((m) => ({ default: m.HandleInputAction }))),
};
