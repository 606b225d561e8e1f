import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { APP_NAME } from '../build-info.ts';
import { useT } from '../i18n/use-t.ts';

/** What the route announcer reads out after a navigation (seed 000 §2.7, §2.9). */
export const routeAnnouncementAtom = atom('');

function setMeta(property: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute('property', property);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export function documentTitle(title: string | null): string {
  return title ? `${title} | ${APP_NAME}` : APP_NAME;
}

/**
 * A screen names itself: the document title and the social title follow, and screen readers hear that the
 * page has loaded. Every screen calls this once its title is known (CMS pages after they resolve).
 */
export function usePageTitle(title: string | null, description?: string | null) {
  const announce = useSetAtom(routeAnnouncementAtom);
  const t = useT();
  useEffect(() => {
    if (title === null) return;
    document.title = documentTitle(title);
    setMeta('og:title', title);
    if (description) setMeta('og:description', description);
    announce(t('app.routeLoaded', { title }));
  }, [title, description, announce, t]);
}
