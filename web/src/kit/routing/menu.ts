import { atom } from 'jotai';
import type { MenuNode } from '../api/documents.ts';

/** The menu read at boot (GET /services/app-menu); null until it arrived or when it could not be read. */
export const menuAtom = atom<MenuNode[] | null>(null);

/** Internal menu targets are site paths; anything with a scheme (http, mailto, tel) leaves the app. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
