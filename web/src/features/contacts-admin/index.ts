/*
 * What the contacts feature adds to the back office's generic screens of its records (contracts/src/contacts/
 * records.ts): on a contact form's screen, its public link to copy or open; on an answer's screen, the way to add
 * it to the contacts; on the contacts' list, the way to keep its view as a report, and on a report's screen, that
 * view in words with the way to the list showing it. Each screen's code loads with the screen.
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

/** On the contacts' list: "Save as a report", its search, order and filters kept under a name. */
export const lightUserScreens: ResourceScreenExtension = {
  listActions: lazy(() => import('./save-report.tsx').then((m) => ({ default: m.SaveReportAction }))),
};

/** On a contacts report's screen: what it keeps in words, and "Open the contacts" with it. */
export const lightUserReportScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./report-view.tsx').then((m) => ({ default: m.LightUserReportView }))),
};
