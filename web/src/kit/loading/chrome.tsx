import { useAtomValue } from 'jotai';
import styled, { keyframes } from 'styled-components';
import { routeAnnouncementAtom } from '../routing/page-title.ts';
import { useT } from '../i18n/use-t.ts';
import { pendingRequestsAtom, routeLoadingAtom } from '../state/app-status.ts';
import { LoadingBar } from '../ui/loading-bar.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';

/*
 * Out of sight above the page by its own height, however tall the reader's text settings make it (a fixed offset
 * left the bottom of a link of several lines showing at the largest text); in sight while it has focus.
 */
const Skip = styled.a`
  position: absolute;
  left: 1rem;
  top: 0;
  max-width: calc(100% - 2rem);
  transform: translateY(calc(-100% - 1rem));
  z-index: 300;
  padding: 0.75rem 1rem;
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  &:focus {
    transform: translateY(0.5rem);
  }
`;

/** The first stop of the keyboard: jumps over the navigation to the main content. */
export function SkipLink() {
  const t = useT();
  return (
    <Skip
      href="#main-content"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
    >
      {t('app.skipToContent')}
    </Skip>
  );
}

/** Reads out the page title after each navigation (seed 000 §2.9). */
export function RouteAnnouncer() {
  const text = useAtomValue(routeAnnouncementAtom);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {text}
    </VisuallyHidden>
  );
}

export function RequestLoadingBar() {
  const t = useT();
  const pending = useAtomValue(pendingRequestsAtom);
  const routeLoading = useAtomValue(routeLoadingAtom);
  return <LoadingBar active={pending > 0 || routeLoading} label={t('app.loading')} />;
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const LoaderRoot = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  z-index: 400;
  .spinner {
    width: 3rem;
    height: 3rem;
    border-radius: 50%;
    border: 4px solid ${({ theme }) => theme.colors.border};
    border-top-color: ${({ theme }) => theme.colors.primary};
    animation: ${spin} 0.9s linear infinite;
  }
`;

/** Shown until the app has booted, or while a screen has nothing to show yet (seed 000 §2.9). */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <LoaderRoot role="progressbar" aria-label={label} aria-busy="true">
      <div className="spinner" aria-hidden="true" />
    </LoaderRoot>
  );
}

/** An in-page loader for a route whose content is on its way: the shell stays usable around it. */
export const InlineLoader = styled.div.attrs({ role: 'progressbar', 'aria-busy': true })`
  min-height: 50vh;
`;
