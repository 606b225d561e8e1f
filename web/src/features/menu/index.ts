/* What the menu feature offers the back office: the menu tree editor and its items' history, loaded when used. */
import { lazy } from 'react';

export const MenuEditorRoute = lazy(() =>
  import('./menu-editor-route.tsx').then((m) => ({ default: m.MenuEditorRoute })),
);
