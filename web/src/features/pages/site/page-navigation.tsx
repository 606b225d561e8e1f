import { useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { useMediaQuery } from '../../../kit/ui/media-query.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { PlainButton } from '../../../kit/ui/plain.tsx';
import { deferred } from '../../../kit/lazy/deferred.tsx';
import type { DrawerProps } from '../../../kit/ui/drawer.tsx';
import type { NavigationEntry } from './sections.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: block;
    padding: 0.625rem 0.75rem;
    border-radius: 0.375rem;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    text-decoration: underline;
  }
`;

/** Scrolls to a section and gives it the focus, so that keyboard and screen-reader users land there too. */
export function goToSection(id: string, delayMs = 0) {
  window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    history.replaceState(history.state, '', `#${encodeURIComponent(id)}`);
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, delayMs);
}

/** The drawer's code (react-aria's modal overlays) loads after the page has painted, or when it opens. */
const Drawer = deferred<DrawerProps>(
  () => import('../../../kit/ui/drawer.tsx').then((m) => m.Drawer),
  (props) => props.isOpen,
);

/**
 * The page-navigation drawer (seed 000 §2.7): the sections that have a title, 300 px wide; Escape, a click
 * outside or the close button close it (the ui Drawer is a modal dialog).
 */
export function PageNavigation({ entries }: { entries: NavigationEntry[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // on a phone the floating button shows its icon only, to cover less of the page
  const mobile = useMediaQuery(useTheme().media.mobile);
  if (entries.length < 2) return null;
  return (
    <>
      {/* the visible text is the name; only the icon-only phone variant needs a label (WCAG label in name) */}
      <PlainButton onClick={() => setOpen(true)} aria-label={mobile ? t('cms.pageNavigation') : undefined}>
        <span aria-hidden="true">☰</span>
        {mobile ? null : t('cms.pageNavigation')}
      </PlainButton>
      <Drawer title={t('cms.pageNavigation')} isOpen={open} onOpenChange={setOpen} side="right" width={300}>
        <nav aria-label={t('cms.pageNavigation')}>
          <List>
            {entries.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${encodeURIComponent(entry.id)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(false);
                    // after the drawer has closed and handed the focus back to its button
                    goToSection(entry.id, 80);
                  }}
                >
                  {entry.title}
                </a>
              </li>
            ))}
          </List>
        </nav>
      </Drawer>
    </>
  );
}
