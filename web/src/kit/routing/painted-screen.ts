import type { ComponentType } from 'react';
import type { Requirement } from '../session/guard.ts';

/**
 * An application screen the server may paint for its reader (frame/first-paint/server-entry.tsx), as it paints
 * CMS pages: one whose first view is made of the boot answers alone (the session, the features, the menu), so
 * that a member's first screen shows as soon as a visitor's page does. The paint is a picture, replaced when the
 * app shows the screen itself (it names itself: usePageTitle).
 */
export interface PaintedScreen {
  /** the route's path, exactly */
  path: string;
  /** the route's guard: the screen is painted only when it allows the reader */
  requirement: Requirement;
  /** the message of the screen's title, for the document's title */
  titleId: string;
  /** the screen (a lazy one: the server's prerender waits for it) */
  Screen: ComponentType;
}
